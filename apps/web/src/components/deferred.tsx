import { Suspense, useId, useState, type ReactNode } from 'react';
import { useLanguage } from '../lib/localized';

/**
 * Progressive hydration for server-rendered pages (decision 0008). When the app takes a
 * server-rendered page over, a <Deferred> section keeps the server's HTML as it is (visible, its links
 * working) and is taken over only when it is about to be seen (200 px before it scrolls into view) or
 * used (pointer, touch, focus, a key or a click inside it). A phone then spends its first moments on
 * what is on screen, not on the footer and the sections below the fold. A section below the fold can
 * also ask the browser to skip its layout until it nears the screen (`offscreen`: `skip-offscreen` in
 * styles/site.css, with its estimated size), on the server-rendered page only.
 *
 * It relies on React's selective hydration: a component that suspends while hydrating leaves its
 * Suspense boundary's server HTML in place, and React hydrates that boundary when the promise resolves.
 * When an event reaches a section React has not taken over, React tries to take it over at once,
 * synchronously, and then delivers the event. So the section is released by listeners on the window,
 * in the capture phase, which run before React's own on the root: the first tap on a button of a
 * waiting section is taken over and handled like any other (the footer's language and cookie buttons).
 *
 * Everywhere else (the server, and pages rendered in the browser after the first) a <Deferred> renders
 * its children straight away. Render a section's element once (a stable `children`, e.g. from useMemo
 * in a layout): rendered again with new children before it was needed, it is taken over then, since
 * React would otherwise replace the waiting server HTML with the (empty) fallback.
 */
export function Deferred({ children, className, offscreen }: { children: ReactNode; className?: string; offscreen?: string }) {
  const id = useId();
  const language = useLanguage();
  const [first] = useState(() => ({ children, language }));
  const [rendered, setRendered] = useState(false);
  // `offscreen` (skip-offscreen and its estimate) only on the server-rendered page: skipping the layout of
  // what is below the fold speeds up a phone's first load, but a page rendered in the browser (a route
  // change, a return through history) needs its real heights, or the browser restores the reader's
  // scroll position against estimates and lands off.
  const [serverPage] = useState(() => typeof document === 'undefined' || takingOver);
  const classes = offscreen && serverPage ? (className ? `${className} ${offscreen}` : offscreen) : className;
  // The reader chose another language before the section was needed: its server HTML is in the old
  // one, so it is not taken over but rendered afresh (a new Suspense key), in place of that HTML.
  // Taking it over would make React report the text that differs as a hydration error, then render
  // it again anyway.
  if (!rendered && language !== first.language && isWaiting(id)) setRendered(true);
  // Rendered again from above (its parent changed), or in another language, before the section was
  // needed: React takes it over (or renders it) now.
  if (children !== first.children || language !== first.language) release(id);
  return (
    <Suspense key={rendered ? 'rendered' : 'server'} fallback={null}>
      <Gate id={id}>
        <div data-deferred={id} className={classes}>
          {children}
        </div>
      </Gate>
    </Suspense>
  );
}

let takingOver = false;

interface Waiting {
  element: Element;
  promise: Promise<void>;
  done: boolean;
  resolve: () => void;
}
const sections = new Map<string, Waiting | null>();

/** main.tsx: the next render takes a server-rendered page over. */
export function beginTakeover(): void {
  takingOver = true;
}

/**
 * The router's state changed (a navigation began): sections rendered from now on are new, and render
 * at once; the waiting ones are taken over now. React passes a change of the router's context on into
 * every section it has not taken over (it cannot know what is inside), and would otherwise hold the
 * navigation until those sections were needed.
 */
export function endTakeover(): void {
  takingOver = false;
  for (const id of [...sections.keys()]) release(id);
  sections.clear();
}

/** The section still shows the server's HTML, waiting to be needed. */
function isWaiting(id: string): boolean {
  const waiting = sections.get(id);
  return Boolean(waiting && !waiting.done);
}

/** Synchronous, so that React, trying to take a section over in the same event, finds it free. */
function release(id: string) {
  const waiting = sections.get(id);
  if (waiting && !waiting.done) {
    waiting.done = true;
    unwatch(waiting.element);
    waiting.resolve();
  }
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  let waiting = sections.get(id);
  if (waiting === undefined) {
    // Not taking a page over: nothing to wait for (and nothing kept).
    if (!takingOver) return children;
    // First seen while taking a server-rendered page over: wait for the section to be needed.
    const element = typeof IntersectionObserver === 'undefined' ? null : document.querySelector(`[data-deferred="${CSS.escape(id)}"]`);
    if (element) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      waiting = { element, promise, done: false, resolve };
      watch(element, () => release(id));
    } else {
      waiting = null;
    }
    sections.set(id, waiting);
  }
  if (waiting && !waiting.done) {
    // Its server HTML is gone (the page was rendered again from scratch): nothing left to wait for.
    if (!waiting.element.isConnected) release(id);
    else throw waiting.promise;
  }
  return children;
}

/** What makes a waiting section needed: near the screen, or an event inside it. */
const watched = new Map<Element, () => void>();
// `click` too: a click can come without a pointer event first (assistive technology, element.click()).
const INTERACTIONS = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click', 'mouseover'] as const;
let observer: IntersectionObserver | undefined;

function onInteraction(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, needed] of watched) if (element.contains(target)) needed();
}

function watch(element: Element, needed: () => void) {
  if (!watched.size) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) watched.get(entry.target)?.();
      },
      { rootMargin: '200px 0px' },
    );
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
  watched.set(element, needed);
  observer?.observe(element);
}

function unwatch(element: Element) {
  if (!watched.delete(element)) return;
  observer?.unobserve(element);
  if (watched.size) return;
  observer?.disconnect();
  observer = undefined;
  for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
}
