import { QueryClient } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { rememberSignedIn, SIGNED_IN_KEY } from './loader-signals';

/**
 * The public pages' loader (/boot.js, decision 0031): when it starts the app, and the button it presses
 * again once the app has taken the page over. The loader runs before any module, so it is plain script
 * run here in a context of its own with a small stand-in for the page.
 */
const bootSource = readFileSync(path.join(__dirname, '../../public/boot.js'), 'utf8');
// The one dynamic import, the app's entry, is recorded instead of loaded.
const source = bootSource.replace('import(entry)', '__import(entry)');

interface FakeElement {
  tagName: string;
  type?: string;
  form?: object | null;
  isConnected: boolean;
  attributes: Record<string, string>;
  parent: FakeElement | null;
  firstElementChild?: FakeElement | null;
  clicks: number;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  closest(selectors: string): FakeElement | null;
  click(): void;
}

/** Enough of CSS for the loader's selectors: `tag`, `[name]`, `[name="value"]`, `tag[...]`, in a list. */
function matches(element: FakeElement, selectors: string): boolean {
  return selectors.split(',').some((selector) => {
    const [, tag, name, value] = /^\s*(\w+)?(?:\[([\w-]+)(?:="([^"]*)")?\])?\s*$/.exec(selector) ?? [];
    if (tag && element.tagName !== tag.toUpperCase()) return false;
    if (name === 'type') return element.type === value;
    if (name && (!(name in element.attributes) || (value !== undefined && element.attributes[name] !== value))) return false;
    return true;
  });
}

function element(tag: string, props: { type?: string; form?: object | null; attributes?: Record<string, string>; parent?: FakeElement | null } = {}): FakeElement {
  const el: FakeElement = {
    tagName: tag.toUpperCase(),
    type: props.type,
    form: props.form ?? null,
    isConnected: true,
    attributes: props.attributes ?? {},
    parent: props.parent ?? null,
    clicks: 0,
    hasAttribute: (name) => name in el.attributes,
    getAttribute: (name) => el.attributes[name] ?? null,
    closest(selectors) {
      for (let at: FakeElement | null = el; at; at = at.parent) if (matches(at, selectors)) return at;
      return null;
    },
    click() {
      el.clicks++;
    },
  };
  return el;
}

interface Page {
  /** The entries the loader imported (the app started once per entry imported). */
  imported: string[];
  preloads: string[];
  html: Map<string, string>;
  /** The stylesheets the loader added (the app's, decision 0032), each with its load or error to fire. */
  stylesheets: Array<{ href: string; fire(type: 'load' | 'error'): void }>;
  /** Whether the public pages' stylesheet is still in the page. */
  hasPublicStylesheet(): boolean;
  fire(type: string, target?: FakeElement | null, at?: { clientX: number; clientY: number }): void;
  /** Runs the timers due after `ms` (the loader's own: the banner at 100 ms, the fallback start at 1500 ms). */
  runTimers(ms: number): void;
  paint(): void;
  /** The browser's idle moments: runs the callbacks asked for (with `idle`). */
  idle(): void;
  /** Shows or hides the tab (visibilitychange). */
  show(hidden: boolean): void;
  /** main.tsx and App set <html data-app>: the loader's mutation observer hears it. */
  setApp(value: string): void;
  listenersOf(type: string): number;
}

function openPage({ rendered = true, storage = {} as Record<string, string>, observers = true, idle = false, hidden = false, appStylesheet = null as string | null } = {}): Page {
  const html = new Map<string, string>();
  const listeners: Record<string, Array<(event: unknown) => void>> = {};
  const timers: Array<{ fn: () => void; ms: number; done?: boolean }> = [];
  const imported: string[] = [];
  const preloads: string[] = [];
  const stylesheets: Page['stylesheets'] = [];
  let publicStylesheet = true;
  const paintCallbacks: Array<() => void> = [];
  const mutationCallbacks: Array<() => void> = [];
  const store = new Map(Object.entries(storage));
  const idleCallbacks: Array<() => void> = [];
  const root = element('div', { attributes: { id: 'root' } });
  root.firstElementChild = rendered ? element('header') : null;
  const on = (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn);
  const off = (type: string, fn: (event: unknown) => void) => (listeners[type] = (listeners[type] ?? []).filter((f) => f !== fn));
  const context = {
    __import: (entry: string) => imported.push(entry),
    document: {
      currentScript: {
        getAttribute: (name: string) =>
          name === 'data-entry' ? '/assets/index.js' : name === 'data-preload' ? '/assets/react.js /assets/app.js' : name === 'data-style' ? appStylesheet : null,
      },
      documentElement: { getAttribute: (n: string) => html.get(n) ?? null, setAttribute: (n: string, v: string) => html.set(n, v) },
      head: {
        appendChild: (link: { rel: string; href: string; on: Record<string, (event: { type: string }) => void> }) => {
          if (link.rel === 'stylesheet') stylesheets.push({ href: link.href, fire: (type) => link.on[type]?.({ type }) });
          else preloads.push(link.href);
        },
      },
      createElement: () => {
        const on: Record<string, (event: { type: string }) => void> = {};
        return { on, addEventListener: (type: string, fn: (event: { type: string }) => void) => (on[type] = fn) };
      },
      querySelector: (selector: string) =>
        selector.includes('data-public-stylesheet') && publicStylesheet ? { remove: () => (publicStylesheet = false) } : null,
      getElementById: (id: string) => (id === 'root' ? root : null),
      addEventListener: on,
      removeEventListener: off,
      readyState: 'interactive',
      hidden,
    },
    window: { addEventListener: on, removeEventListener: off, requestIdleCallback: idle ? (fn: () => void) => idleCallbacks.push(fn) : undefined },
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    PerformanceObserver: class {
      constructor(private callback: (list: unknown, observer: unknown) => void) {}
      observe() {
        paintCallbacks.push(() => this.callback({ getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect() {} }));
      }
    },
    MutationObserver: observers
      ? class {
          constructor(private callback: (records: unknown[], observer: unknown) => void) {}
          observe() {
            const self = { disconnected: false, disconnect: () => (self.disconnected = true) };
            mutationCallbacks.push(() => !self.disconnected && this.callback([], self));
          }
        }
      : undefined,
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    Date,
    JSON,
    Math,
    isNaN,
    URL,
  };
  vm.runInNewContext(source, context);
  return {
    imported,
    preloads,
    html,
    stylesheets,
    hasPublicStylesheet: () => publicStylesheet,
    fire(type, target = element('p'), at = { clientX: 0, clientY: 0 }) {
      for (const fn of [...(listeners[type] ?? [])]) fn({ type, target, defaultPrevented: false, ...at });
    },
    runTimers(ms) {
      for (const timer of timers) {
        if (timer.done || timer.ms > ms) continue;
        timer.done = true;
        timer.fn();
      }
    },
    paint: () => paintCallbacks.forEach((fn) => fn()),
    idle: () => idleCallbacks.splice(0).forEach((fn) => fn()),
    show(isHidden) {
      context.document.hidden = isHidden;
      for (const fn of [...(listeners.visibilitychange ?? [])]) fn({ type: 'visibilitychange' });
    },
    setApp(value) {
      html.set('data-app', value);
      mutationCallbacks.forEach((fn) => fn());
    },
    listenersOf: (type) => (listeners[type] ?? []).length,
  };
}

describe('/boot.js starts the app when it is needed', () => {
  it('waits on a server-rendered page for a signed-out reader until the load: no paint, no time, starts it', () => {
    const page = openPage();
    page.paint();
    page.runTimers(60_000);
    expect(page.imported).toEqual([]);
    expect(page.preloads).toEqual([]);
  });

  it('starts it for a reader who does not act 5 s after the load, at an idle moment', () => {
    const page = openPage({ idle: true });
    page.paint();
    page.fire('load');
    page.runTimers(4999);
    page.idle();
    expect(page.imported).toEqual([]);
    page.runTimers(5000);
    expect(page.imported).toEqual([]);
    page.idle();
    expect(page.imported).toEqual(['/assets/index.js']);
    expect(page.preloads).toEqual(['/assets/react.js', '/assets/app.js']);
    // A sign of use after that starts nothing again.
    page.fire('keydown');
    expect(page.imported).toHaveLength(1);
  });

  it('starts it at once at that time without requestIdleCallback, and only once for a sign of use before', () => {
    const quiet = openPage();
    quiet.fire('load');
    quiet.runTimers(5000);
    expect(quiet.imported).toEqual(['/assets/index.js']);

    const acted = openPage();
    acted.fire('load');
    acted.fire('keydown');
    acted.runTimers(5000);
    expect(acted.imported).toEqual(['/assets/index.js']);
  });

  it('waits in a hidden tab until it is shown', () => {
    const page = openPage({ hidden: true });
    page.fire('load');
    page.runTimers(60_000);
    expect(page.imported).toEqual([]);
    page.show(true);
    expect(page.imported).toEqual([]);
    page.show(false);
    expect(page.imported).toEqual(['/assets/index.js']);
    expect(page.listenersOf('visibilitychange')).toBe(0);
  });

  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel']) {
    it(`starts it once on the first ${type}, with the entry's preloads, and stops listening`, () => {
      const page = openPage();
      page.fire(type);
      page.fire(type);
      page.fire('keydown');
      expect(page.imported).toEqual(['/assets/index.js']);
      expect(page.preloads).toEqual(['/assets/react.js', '/assets/app.js']);
      expect(page.listenersOf(type)).toBe(0);
    });
  }

  it('adds the app\'s stylesheet as it starts the app, runs the app once it is in, without the public one (decision 0032)', () => {
    const page = openPage({ appStylesheet: '/assets/index.css' });
    page.fire('keydown');
    expect(page.preloads).toEqual(['/assets/react.js', '/assets/app.js']);
    expect(page.stylesheets.map((sheet) => sheet.href)).toEqual(['/assets/index.css']);
    expect(page.imported).toEqual([]);
    expect(page.hasPublicStylesheet()).toBe(true);
    page.stylesheets[0]!.fire('load');
    expect(page.imported).toEqual(['/assets/index.js']);
    expect(page.hasPublicStylesheet()).toBe(false);
    page.stylesheets[0]!.fire('error');
    expect(page.imported).toHaveLength(1);

    // A sheet that cannot load: the app runs anyway, on the public one.
    const failed = openPage({ appStylesheet: '/assets/index.css' });
    failed.fire('keydown');
    failed.stylesheets[0]!.fire('error');
    expect(failed.imported).toEqual(['/assets/index.js']);
    expect(failed.hasPublicStylesheet()).toBe(true);
  });

  it('starts it when the pointer goes somewhere, not for the moves Chromium sends a resting mouse as the page lays out', () => {
    const page = openPage();
    page.fire('pointermove', element('p'), { clientX: 0, clientY: 0 });
    page.fire('pointermove', element('p'), { clientX: 0, clientY: 0 });
    expect(page.imported).toEqual([]);
    page.fire('pointermove', element('p'), { clientX: 4, clientY: 1 });
    expect(page.imported).toEqual(['/assets/index.js']);
    expect(page.listenersOf('pointermove')).toBe(0);
  });

  it('does not start it for a press that leaves the page (a link, a form sent), but does for one that stays', () => {
    const page = openPage();
    const form = {};
    const link = element('a', { attributes: { href: '/services' } });
    page.fire('pointerdown', element('span', { parent: link }));
    page.fire('touchstart', link);
    page.fire('pointerdown', element('button', { type: 'submit', form }));
    page.fire('touchstart', element('input', { type: 'submit', form }));
    expect(page.imported).toEqual([]);
    page.fire('touchstart', element('button', { type: 'button', form }));
    expect(page.imported).toHaveLength(1);

    // Focusing a link or a key on it is a reader using the page: the app starts.
    const other = openPage();
    other.fire('focusin', link);
    expect(other.imported).toHaveLength(1);
  });

  it('starts it after the first paint for a reader the app saw signed in (the header shows their account)', () => {
    const page = openPage({ storage: { [SIGNED_IN_KEY]: '1' } });
    expect(page.imported).toEqual([]);
    page.paint();
    expect(page.imported).toEqual(['/assets/index.js']);
    page.runTimers(1500);
    expect(page.imported).toHaveLength(1);

    // A tab opened in the background paints only when shown: 1.5 s at most.
    const hidden = openPage({ storage: { [SIGNED_IN_KEY]: '1' } });
    hidden.runTimers(1499);
    expect(hidden.imported).toEqual([]);
    hidden.runTimers(1500);
    expect(hidden.imported).toHaveLength(1);
  });

  it('starts it at once on a page with nothing rendered in it', () => {
    const page = openPage({ rendered: false });
    page.paint();
    expect(page.imported).toHaveLength(1);
  });

  it('starts it when the cookie banner\'s settings are asked for, which the app\'s dialog shows', () => {
    const page = openPage();
    page.fire('click', element('button', { type: 'button', attributes: { 'data-consent-choice': 'settings' } }));
    expect(page.html.get('data-consent-settings')).toBe('open');
    expect(page.imported).toHaveLength(1);
  });
});

describe('/boot.js presses again a button pressed before the app ran', () => {
  it('presses the last one once the app has taken the page over', () => {
    const page = openPage();
    const first = element('button', { type: 'button' });
    const menu = element('button', { type: 'button', attributes: { 'aria-haspopup': 'dialog' } });
    page.fire('click', element('svg', { parent: first }));
    page.fire('click', element('svg', { parent: menu }));
    expect(page.imported).toHaveLength(1);
    page.setApp('starting');
    expect(menu.clicks).toBe(0);
    page.setApp('ready');
    expect(menu.clicks).toBe(1);
    expect(first.clicks).toBe(0);
    // Only once.
    page.setApp('ready');
    expect(menu.clicks).toBe(1);
  });

  it('leaves presses alone once React handles them (data-app set), and buttons the page no longer has', () => {
    const page = openPage();
    page.setApp('starting');
    const late = element('button', { type: 'button' });
    page.fire('click', late);
    page.setApp('ready');
    expect(late.clicks).toBe(0);

    const gone = openPage();
    const button = element('button', { type: 'button' });
    gone.fire('click', button);
    button.isConnected = false;
    gone.setApp('ready');
    expect(button.clicks).toBe(0);
  });

  it('does not press again what the page does by itself: a form sent, a cookie choice', () => {
    const page = openPage();
    const send = element('button', { type: 'submit', form: {} });
    const accept = element('button', { type: 'button', attributes: { 'data-consent-choice': 'all' } });
    page.fire('click', send);
    page.fire('click', accept);
    page.setApp('ready');
    expect(send.clicks + accept.clicks).toBe(0);
    expect(page.html.get('data-consent')).toBe('given');
  });

  it('still starts the app without a mutation observer (no press again, the reader presses)', () => {
    const page = openPage({ observers: false });
    page.fire('keydown');
    expect(page.imported).toHaveLength(1);
  });
});

describe('app/loader-signals.ts tells the loader whether the app saw this browser signed in', () => {
  function marks() {
    const store = new Map<string, string>();
    return { store, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
  }

  it('sets the mark when the session holds a user, removes it when signed out, ignores other entries', () => {
    const client = new QueryClient();
    const storage = marks();
    rememberSignedIn(client, storage);
    client.setQueryData(['services'], [{ id: 'x' }]);
    expect(storage.store.size).toBe(0);
    client.setQueryData(sessionQueryKey, { user: { id: 'u1' } });
    expect(storage.store.get(SIGNED_IN_KEY)).toBe('1');
    client.setQueryData(sessionQueryKey, null);
    expect(storage.store.has(SIGNED_IN_KEY)).toBe(false);
  });

  it('is the key the loader reads: a mark set by the app starts the app on the next public page', () => {
    const client = new QueryClient();
    const storage = marks();
    rememberSignedIn(client, storage);
    client.setQueryData(sessionQueryKey, { user: { id: 'u1' } });
    const page = openPage({ storage: Object.fromEntries(storage.store) });
    page.paint();
    expect(page.imported).toHaveLength(1);
  });

  it('changes nothing without storage, or while the first answer is not in', () => {
    const client = new QueryClient();
    expect(() => rememberSignedIn(client, null)).not.toThrow();
    client.setQueryData(sessionQueryKey, { user: { id: 'u1' } });
    const storage = marks();
    const other = new QueryClient();
    rememberSignedIn(other, storage);
    other.getQueryCache().build(other, { queryKey: sessionQueryKey });
    expect(storage.store.size).toBe(0);
  });
});
