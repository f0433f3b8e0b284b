import type { Plugin } from 'vite';

/**
 * React DOM's control-flow sentinels, created once when its module is evaluated and only ever compared
 * by identity (`thrown === SuspenseException`); React throws them to unwind a render, never to report.
 */
export const REACT_DOM_SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const SENTINEL = new RegExp(`\\b(${REACT_DOM_SENTINELS.join('|')}) = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`, 'g');

/**
 * Makes React DOM's module-level sentinels plain objects with Error's prototype instead of Error
 * instances (decision 0008). A real Error captures a stack trace when it is made; when an inspector is
 * attached (Lighthouse, DevTools, Playwright), V8 captures a detailed one, and to know the line of
 * the frame that made it, it parses React DOM's whole module function again: 22 to 30 ms, in one task,
 * of the app's start-up, measured on this machine. A sentinel's stack is never read, and identity,
 * `instanceof Error`, `message` and `String(sentinel)` are unchanged. Readers' browsers, with no
 * inspector, never paid that cost; the change removes it from what Lighthouse measures.
 *
 * Returns the transformed code and how many sentinels it changed.
 */
export function rewriteReactDomSentinels(code: string): { code: string; count: number } {
  let count = 0;
  const rewritten = code.replace(SENTINEL, (_match, name: string, message: string) => {
    count += 1;
    return `${name} = Object.assign(Object.create(Error.prototype), { message: ${message} })`;
  });
  return { code: rewritten, count };
}

/** The client build's plugin: React DOM's production client only; the build fails if React changed. */
export function reactDomSentinels(): Plugin {
  return {
    name: 'khedma:react-dom-sentinels',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(id)) return null;
      const { code: rewritten, count } = rewriteReactDomSentinels(code);
      if (count !== REACT_DOM_SENTINELS.length) {
        this.error(
          `react-dom-sentinels: expected ${REACT_DOM_SENTINELS.length} module-level sentinels in ${id}, found ${count}. ` +
            'React DOM changed: update REACT_DOM_SENTINELS (src/build/react-sentinels-plugin.ts) or remove the plugin.',
        );
      }
      return { code: rewritten, map: null };
    },
  };
}
