import type { Plugin } from 'vite';

/** The marker of the fonts preloaded only on pages in one language: `<!--khedma-preload-fonts:ar ...-->`. */
export const LANGUAGE_FONTS_MARKER = 'khedma-preload-fonts:';

/**
 * Adds <link rel="preload" as="font"> to index.html for the built font files whose names match: the
 * Latin face every page paints its text with. Without it the browser discovers the font only after
 * the CSS is parsed, paints with the fallback font, then swaps, and the text moves (layout shift).
 * `byLanguage` does the same for the faces of one language (IBM Plex Sans Arabic, only named in
 * Arabic documents: styles/fonts.css), inside a comment the server opens on pages in that language
 * (`fillTemplate` in apps/server/src/http/pages.ts) and drops on the others, so an English page never
 * fetches them.
 */
export function preloadFonts(pattern: RegExp, byLanguage: Record<string, RegExp> = {}): Plugin {
  const link = (file: string) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`;
  return {
    name: 'khedma-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).sort();
        const tags = files
          .filter((file) => pattern.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
        const comments = Object.entries(byLanguage)
          .map(([language, match]) => {
            const links = files.filter((file) => match.test(file)).map(link);
            return links.length ? `<!--${LANGUAGE_FONTS_MARKER}${language} ${links.join('')}-->` : '';
          })
          .join('');
        return { html: comments ? html.replace('</head>', () => `    ${comments}\n  </head>`) : html, tags };
      },
    },
  };
}
