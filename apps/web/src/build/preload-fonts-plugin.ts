import type { Plugin } from 'vite';

/**
 * Adds <link rel="preload" as="font"> to index.html for the built font files whose names match: the
 * Latin face every page paints its text with. Without it the browser discovers the font only after
 * the CSS is parsed, paints with the fallback font, then swaps, and the text moves (layout shift).
 */
export function preloadFonts(pattern: RegExp): Plugin {
  return {
    name: 'khedma-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((file) => pattern.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
