import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer build. `base: './'` makes every asset URL relative, so the same `dist/renderer`
 * loads from `file://` in Electron and from `/` in browser mode. Vite emits no inline script,
 * which both CSPs (`script-src 'self'`) require.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    // The data grid alone is ~400 kB minified; it loads only with the item browser.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks; pages load lazily.
        // A group also captures what its modules import, so the shared base (React, then MUI)
        // must claim its modules first — else the data grid's chunk swallows all of MUI and
        // the first screen would have to load it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 40 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material|core-downloads-tracker)|@emotion|@popperjs|@babel|react-transition-group|react-is|stylis|clsx|hoist-non-react-statics|prop-types)[\\/]/, priority: 30 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'datagrid', test: /[\\/]node_modules[\\/](@mui[\\/]x-|reselect|use-sync-external-store)/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', proxy: apiProxy(process.env.ACCORD_API) },
});

/**
 * For `vite` dev mode: set ACCORD_API to the URL `accord serve` printed (the token in its fragment) and
 * the dev server forwards `/api` there, adding the token, so the renderer hot-reloads against
 * a real workspace.
 */
function apiProxy(printedUrl: string | undefined) {
  if (!printedUrl) return undefined;
  const url = new URL(printedUrl);
  const token = /token=([0-9a-f]+)/.exec(url.hash)?.[1] ?? '';
  return {
    '/api': {
      target: url.origin,
      changeOrigin: true,
      headers: { authorization: `Bearer ${token}` },
      // The server answers its own origin only; the dev page's origin is the proxy's business.
      configure: (proxy: { on(event: 'proxyReq', listener: (request: { removeHeader(name: string): void }) => void): void }) =>
        proxy.on('proxyReq', (request) => {
          request.removeHeader('origin');
          request.removeHeader('sec-fetch-site');
        }),
    },
  };
}
