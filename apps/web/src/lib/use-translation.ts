import type { i18n as I18n, Namespace, TFunction } from 'i18next';
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The app's `useTranslation`: the same `{ t, i18n, ready }` as react-i18next's for the way the app uses
 * it (one namespace, no options), at a fraction of the cost. react-i18next's hook copies every property
 * of the i18next instance into a new object for each component that mounts, and checks that the
 * namespace is loaded on every render; with a hundred components on a page, that was the largest single
 * cost of taking a server-rendered page over on a phone (decision 0008).
 *
 * Here every component that asks for the same instance, language and namespace shares one result
 * object, which changes only when the language changes or a missing namespace arrives, so components
 * re-render exactly then. Its `t` remembers the strings it has resolved (calls with options, such as
 * interpolation or plurals, always go to i18next) and looks plain strings up directly in the loaded
 * catalogue; anything else (nesting, fallbacks, missing keys, prefixed namespaces) is i18next's.
 * Trans and the provider still come from react-i18next.
 */
export interface UseTranslationResult<N extends Namespace> {
  t: TFunction<N>;
  i18n: I18n;
  ready: boolean;
}

interface Store {
  /** One result per language and namespace (key: `language\0namespace`). */
  results: Map<string, UseTranslationResult<Namespace>>;
  subscribe: (listener: () => void) => () => void;
}

const stores = new WeakMap<I18n, Store>();

function storeFor(i18n: I18n): Store {
  const existing = stores.get(i18n);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  const results = new Map<string, UseTranslationResult<Namespace>>();
  const notify = () => listeners.forEach((listener) => listener());
  // Another language: every result was for the previous one.
  i18n.on('languageChanged', () => {
    results.clear();
    notify();
  });
  // Strings added to a namespace (a catalogue loaded, or added by code): its results, and the strings
  // their `t` remembered, may be stale.
  i18n.store?.on('added', (_language: string, namespace: string) => {
    for (const key of results.keys()) if (key.endsWith(`\u0000${namespace}`)) results.delete(key);
    notify();
  });
  // A namespace finished loading (or failed): the results that were waiting for one are worked out again.
  i18n.on('loaded', () => {
    for (const [key, result] of results) if (!result.ready) results.delete(key);
    notify();
  });
  const store: Store = {
    results,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  stores.set(i18n, store);
  return store;
}

/** Where i18next keeps a string: `a.b.c` in the namespace's catalogue of that language. */
function lookUp(i18n: I18n, language: string, namespace: string, key: string): unknown {
  let node: unknown = i18n.store?.data?.[language]?.[namespace];
  let start = 0;
  while (node !== undefined && node !== null) {
    const dot = key.indexOf('.', start);
    const part = dot === -1 ? key.slice(start) : key.slice(start, dot);
    node = (node as Record<string, unknown>)[part];
    if (dot === -1) return node;
    start = dot + 1;
  }
  return undefined;
}

function isPlain(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('{{') && !value.includes('$t(');
}

function makeT(i18n: I18n, language: string, namespace: string): TFunction<Namespace> {
  const full = i18n.getFixedT(language, namespace as Namespace) as unknown as (...args: unknown[]) => unknown;
  const remembered = new Map<string, string>();
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return full(key, ...rest);
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const direct = key.includes(':') ? undefined : lookUp(i18n, language, namespace, key);
    const value = isPlain(direct) ? direct : full(key);
    if (typeof value === 'string') remembered.set(key, value);
    return value;
  };
  // Like i18next's own fixed t: Trans reads the namespace and language from these.
  return Object.assign(t, { ns: namespace, lng: language, keyPrefix: undefined }) as unknown as TFunction<Namespace>;
}

/**
 * What useTranslation returns for `namespace` now: the same object until the language changes or the
 * namespace's strings change. Exported for the tests, with subscribeTranslations.
 */
export function translationSnapshot(i18n: I18n, namespace: string): UseTranslationResult<Namespace> {
  return resultFor(i18n, storeFor(i18n), namespace);
}

/** Calls `listener` whenever a snapshot may have changed. */
export function subscribeTranslations(i18n: I18n, listener: () => void): () => void {
  return storeFor(i18n).subscribe(listener);
}

function resultFor(i18n: I18n, store: Store, namespace: string): UseTranslationResult<Namespace> {
  const language = i18n.language;
  const key = `${language}\u0000${namespace}`;
  let result = store.results.get(key);
  if (!result) {
    const ready = (i18n.isInitialized || i18n.initializedStoreOnce) && i18n.hasLoadedNamespace(namespace);
    result = { t: makeT(i18n, language, namespace), i18n, ready };
    store.results.set(key, result);
  }
  return result;
}

export function useTranslation<N extends Namespace = 'translation'>(namespace?: N): UseTranslationResult<N> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const ns = (namespace ?? i18n.options.defaultNS ?? 'translation') as string;
  const store = storeFor(i18n);
  const snapshot = () => resultFor(i18n, store, ns);
  const result = useSyncExternalStore(store.subscribe, snapshot, snapshot);
  const ready = result.ready;
  useEffect(() => {
    // A namespace the page did not load ahead (router.tsx loads each page's): load it, and the
    // `loaded` event re-renders the components that wait for it.
    if (!ready) void i18n.loadNamespaces(ns);
  }, [i18n, ns, ready]);
  return result as unknown as UseTranslationResult<N>;
}
