import type { Plugin } from 'vite';

/** The marker of the public pages' stylesheet in index.html: `<!--khedma-public-stylesheet <link ...>-->`. */
export const PUBLIC_STYLESHEET_MARKER = 'khedma-public-stylesheet';

/**
 * Names the public pages' stylesheet (the build's `public` entry, src/public.css) in index.html, inside a
 * comment the server opens on the pages it renders in place of the app's stylesheet link
 * (`serverTemplate` in apps/server/src/http/pages.ts; decision 0032). A page the browser renders itself
 * keeps the app's stylesheet alone. The link inside the comment is also what the service worker's
 * precache list finds (service-worker-plugin.ts reads every /assets/ href of index.html).
 */
export function publicStylesheet(entry = 'public.css'): Plugin {
  return {
    name: 'khedma-public-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && file.fileName.endsWith('.css') && (file.names ?? []).includes(entry),
        );
        if (!asset) return html;
        const link = `<link rel="stylesheet" crossorigin href="/${asset.fileName}" data-public-stylesheet>`;
        return html.replace('</head>', () => `    <!--${PUBLIC_STYLESHEET_MARKER} ${link}-->\n  </head>`);
      },
    },
  };
}
