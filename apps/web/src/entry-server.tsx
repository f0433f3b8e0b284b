/**
 * Server render of the public pages (issue 4: a phone paints the page from the first response, before
 * any JavaScript). Built with `vite build --ssr` into dist/.ssr and called by the API server
 * (apps/server/src/http/pages.ts), which caches the result per page and language.
 *
 * It renders the same routes and components as the browser, in the reader's language, with the
 * public catalogue reads the page makes answered in process; the browser then renders the same page
 * over it (main.tsx) from the same data, so nothing moves.
 */
import { dehydrate, hashKey, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchPath, matchRoutes, StaticRouterProvider } from 'react-router';
import { routes, toServiceCategory } from './config/paths';
import { AppProviders } from './app/providers';
import { routeTree } from './app/router';
import { HeadCollectorContext, type CollectedHead, type HeadCollector } from './components/seo';
import { loadLegalDocument } from './features/legal/content';
import { ApiError, setApiFetch } from './lib/api';
import { catalogKeys, isMissingService } from './entities/catalog/api';
import { DEFAULT_LANGUAGE, directionOf, LANGUAGES, type Language } from './lib/i18n';
import { errorToJson, type ServerState } from './ssr-state';
import type { FormOutcome } from './lib/form-outcome';

export { LANGUAGES, directionOf };
export type { Language, CollectedHead };

/** Every catalogue of the shell and the features, in every language: the server renders any page in any of them. */
const bundles = import.meta.glob<Record<string, unknown>>(['./locales/*.json', './features/*/locales/*.json'], { eager: true, import: 'default' });

function resources() {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, bundle] of Object.entries(bundles)) {
    const shell = /^\.\/locales\/(\w+)\.json$/.exec(file);
    const feature = /^\.\/features\/([\w-]+)\/locales\/(\w+)\.json$/.exec(file);
    const [language, namespace] = shell ? [shell[1]!, 'translation'] : feature ? [feature[2]!, feature[1]!] : [];
    if (!language || !namespace) continue;
    (all[language] ??= {})[namespace] = bundle;
  }
  return all;
}

const instances = new Map<Language, I18n>();
function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (instance) return instance;
  const all = resources();
  instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: all,
    ns: Object.keys(all[DEFAULT_LANGUAGE] ?? { translation: {} }),
    defaultNS: 'translation',
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  instances.set(language, instance);
  return instance;
}

let prepared: Promise<void> | undefined;

/**
 * Once per process: routes the app's API client to the server itself and loads the legal texts (the
 * browser loads them per page).
 */
export function prepare(fetchImpl: typeof fetch): Promise<void> {
  setApiFetch(fetchImpl);
  prepared ??= Promise.all(
    (['terms', 'privacy', 'cookies'] as const).flatMap((id) => LANGUAGES.map((language) => loadLegalDocument(id, language))),
  ).then(() => undefined);
  return prepared;
}

/**
 * Whether `pathname` is no page of the app: only the router's catch-all (`*`, "Oops! Page not found")
 * matches it. The server answers those with a 404 and one not-found page per language, whatever the path.
 */
export function isNotFound(pathname: string): boolean {
  try {
    const matches = matchRoutes(routeTree, pathname);
    return !matches || matches[matches.length - 1]!.route.path === '*';
  } catch {
    return false; // a path the router cannot read: the browser app decides, as before
  }
}

/**
 * The service id a /services/{value} path names, as its page reads it (useParams); null for a category
 * or another page. The path is decoded as the router decodes it before matching (a segment at a time,
 * kept whole if any cannot be), and matched against that one route: matchRoutes would flatten and rank
 * the whole route tree on each call (about a millisecond), the largest cost of a missing service's page.
 */
export function serviceIdOf(pathname: string): string | null {
  let decoded = pathname;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    /* kept as it is, like the router */
  }
  const id = matchPath(routes.serviceOrCategory, decoded)?.params.serviceId;
  return id === undefined || toServiceCategory(id) ? null : id;
}

/**
 * The data of the "Service Not Found" page rendered at `renderedPath`, for another service id no service
 * has (`pathname`). The page is the same for every such id except in its data: the browser's page finds
 * the server's answer under the id in its address (and so keeps the server's HTML instead of asking
 * again). The server renders the page once per language and gives each missing id this copy, so a
 * made-up id costs no render. Null when `pathname` names no service id (a category, another page).
 */
export function missingServiceState(state: ServerState, renderedPath: string, pathname: string): ServerState | null {
  const rendered = serviceIdOf(renderedPath);
  const wanted = serviceIdOf(pathname);
  if (rendered === null || wanted === null) return null;
  const from = hashKey(catalogKeys.service(rendered));
  const dehydrated = state.queries as DehydratedState;
  if (!dehydrated.queries.some((query) => query.queryHash === from)) return null;
  const queries = dehydrated.queries.map((query) =>
    query.queryHash === from ? { ...query, queryKey: catalogKeys.service(wanted), queryHash: hashKey(catalogKeys.service(wanted)) } : query,
  );
  return { ...state, queries: { ...dehydrated, queries } };
}

export interface RenderInput {
  /** Absolute URL of the page (the origin is the public one: canonical and hreflang links use it). */
  url: string;
  language: Language;
  /** The server's answer to a form sent as plain HTML (the contact form's POST): shown by the page, and sent along for the browser's first render. */
  form?: FormOutcome;
}

export type RenderResult =
  | { kind: 'page'; status: number; html: string; head: CollectedHead | undefined; state: ServerState }
  | { kind: 'redirect'; status: number; location: string };

/** Only the public catalogue reads are answered during a server render; a user's data never is. */
const isPublicQuery = (key: readonly unknown[]) => key[0] === 'catalog';

/** A query the page turned off (`enabled: false`, e.g. a price before a city is chosen) stays unasked. (Query.isDisabled() needs observers, which a server render never subscribes.) */
function isEnabled(query: Query): boolean {
  // The observer options a page passed to useQuery end up on the query; `enabled` is one of them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

export async function render({ url, language, form }: RenderInput): Promise<RenderResult> {
  const handler = createStaticHandler(routeTree);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const i18n = i18nFor(language);
  let head: CollectedHead | undefined;
  const collector: HeadCollector = { origin: new URL(url).origin, collect: (collected) => (head = collected) };

  const renderOnce = () =>
    renderToString(
      <StrictMode>
        <HeadCollectorContext value={collector}>
          <AppProviders queryClient={queryClient} i18n={i18n} formOutcome={form}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </HeadCollectorContext>
      </StrictMode>,
    );

  // Render, answer the catalogue reads the page asked for, render again with the answers (a read that
  // only appears once another one is answered gets one more round).
  const tried = new Set<string>();
  let html = renderOnce();
  for (let round = 0; round < 3; round++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => isPublicQuery(q.queryKey) && q.state.status === 'pending' && isEnabled(q) && !tried.has(q.queryHash));
    if (!waiting.length) break;
    for (const q of waiting) tried.add(q.queryHash);
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
    html = renderOnce();
  }

  // A service that does not exist goes with its answer, so the browser shows the same "Service Not
  // Found" instead of asking again (entities/catalog/api.ts); the error travels as plain JSON (main.tsx revives it).
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => isPublicQuery(q.queryKey) && (q.state.status === 'success' || (q.state.status === 'error' && isMissingService(q.state.error))),
  });
  for (const query of queries.queries) {
    const { error } = query.state;
    if (!(error instanceof ApiError)) continue;
    const plain = errorToJson(error);
    Object.assign(query.state, { error: plain, fetchFailureReason: plain });
  }
  queryClient.clear();
  // A page that declares a status (a missing page: 404) answers with it.
  return { kind: 'page', status: head?.status ?? context.statusCode, html, head, state: { language, queries, ...(form ? { form } : {}) } };
}
