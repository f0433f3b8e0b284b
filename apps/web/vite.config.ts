import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './src/build/precompress-plugin';
import { preloadFonts } from './src/build/preload-fonts-plugin';
import { publicStylesheet } from './src/build/public-stylesheet-plugin';
import { reactDomSentinels } from './src/build/react-sentinels-plugin';
import { serviceWorker } from './src/build/service-worker-plugin';

// The API (Fastify + WebSocket) listens on 3000 in development; API_PORT points the proxy elsewhere.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

const proxy = {
  // WebSocket first: the realtime channel upgrades on /api/ws.
  '/api/ws': { target: apiTarget, ws: true, changeOrigin: true },
  '/api': { target: apiTarget, changeOrigin: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server render (src/entry-server.tsx, `vite build --ssr`) is one self-contained ES module in
  // dist/.ssr that the API server imports: no service worker, no precompressed copies, no public files.
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), reactDomSentinels(), tailwindcss(), publicStylesheet(), preloadFonts(/inter-latin-wght-normal-[\w-]+\.woff2$/, { ar: /ibm-plex-sans-arabic-arabic-\d+-normal-[\w-]+\.woff2$/ }), serviceWorker(), precompress()],
  ssr: { noExternal: true },
  // React's production build on the server too (Node would otherwise pick it from NODE_ENV at run time).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: isSsrBuild
    ? {
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
      }
    : {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The entry's modules are preloaded (index.html, started by /boot.js after the first paint). A lazy
    // page's shared pieces are not preloaded when the page is imported: on a server-rendered page that
    // preloading (a link element and a fetch per piece) lengthened the start-up's longest task on a slow
    // phone. Links prefetch the page they point to on intent instead (src/app/prefetch.ts).
    modulePreload: { resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // The public pages' stylesheet is an entry of its own (src/public.css, decision 0032): index.html
      // names it for the server (publicStylesheet), which links it in the pages it renders.
      input: { index: 'index.html', public: 'src/public.css' },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: one long-cached chunk, apart from app code that
            // changes on every deploy. Pages are split per route by the router's lazy imports. The icons
            // are not grouped: as one chunk every page loaded every icon of the app (10.5 KB on the first
            // load of /); each now goes with the code that draws it (first load 149.6 -> 147.8 KB, 23 -> 34
            // requests at the same depth, Lighthouse unchanged at 100; bench/README.md).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
}));
