import { Suspense, useId, useState, type ReactNode } from 'react';

/**
 * Progressive hydration for server-rendered pages (decision 0008). When the app takes a
 * server-rendered page over, a <Deferred> section keeps the server's HTML as it is (visible, its links
 * working) and is taken over only when it is about to be seen (200 px before it scrolls into view) or
 * used (pointer, touch, focus or a key inside it). A phone then spends its first moments on what is on
 * screen, not on the sections below the fold.
 *
 * It relies on React's selective hydration: a component that suspends while hydrating leaves its
 * Suspense boundary's server HTML in place, and React hydrates that boundary when the promise resolves.
 * Use it only for sections whose controls are links: a link clicked before the takeover is an ordinary
 * page load, but React drops a click on a button it has not taken over yet (why the footer, with its
 * language and cookie buttons, does not use it). Everywhere else (the server, and pages rendered in the
 * browser after the first) a <Deferred> renders its children straight away.
 */
export function Deferred({ children, className }: { children: ReactNode; className?: string }) {
  const id = useId();
  // Rendered again from above (its parent changed) before it was needed: React must take the section
  // over now (a section still waiting would be replaced by the empty fallback).
  const [first] = useState(children);
  if (children !== first) release(id);
  return (
    <Suspense fallback={null}>
      <Gate id={id}>
        <div data-deferred={id} className={className}>
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

/** The reader left the first page: sections rendered from now on are new, and render at once. */
export function endTakeover(): void {
  takingOver = false;
}

function release(id: string) {
  const waiting = sections.get(id);
  if (waiting && !waiting.done) {
    waiting.done = true;
    waiting.resolve();
  }
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  let waiting = sections.get(id);
  if (waiting === undefined) {
    // First seen: while taking a server-rendered page over, wait for the section to be needed.
    const element = takingOver && typeof document !== 'undefined' ? document.querySelector(`[data-deferred="${CSS.escape(id)}"]`) : null;
    if (element) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      waiting = { element, promise, done: false, resolve };
      void whenNeeded(element).then(() => release(id));
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

const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

/** Resolves when `element` is near the viewport or someone interacts with it, whichever comes first. */
export function whenNeeded(element: Element): Promise<void> {
  return new Promise<void>((resolve) => {
    const observer = typeof IntersectionObserver === 'undefined' ? undefined : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: '200px 0px' });
    function done() {
      observer?.disconnect();
      for (const type of INTERACTIONS) element.removeEventListener(type, done, true);
      resolve();
    }
    for (const type of INTERACTIONS) element.addEventListener(type, done, { capture: true, passive: true });
    if (observer) observer.observe(element);
    else done();
  });
}
