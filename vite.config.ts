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
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
            { name: 'datagrid', test: /[\\/]node_modules[\\/]@mui[\\/]x-/, priority: 25 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|clsx)[\\/]/, priority: 20 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
});
