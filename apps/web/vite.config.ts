import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isReact, WEB_ALIASES } from './aliases';
import { precompress, spaRoutes } from './build-plugins';
import { pwaPrecache } from './pwa-precache';

const backend = `http://localhost:${process.env.API_PORT ?? 3000}`;

const ZOD_SETUP = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));

/**
 * Every `zod` import resolves to src/lib/zod-jitless.ts, which sets zod up (jitless, readable
 * messages) before any schema is built, in the first chunk that needs zod; that module and the
 * messages it installs import the real zod.
 */
function zodSetup(): Plugin {
  return {
    name: 'farmstand-zod-setup',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null;
      if (importer === ZOD_SETUP || importer.endsWith('/schemas/validation-messages.ts')) return null;
      return ZOD_SETUP;
    },
  };
}

export default defineConfig({
  // Fast Refresh needs React's own runtime: on Preact, the dev server reloads the page after an edit.
  plugins: [zodSetup(), react(isReact ? {} : { refreshExclude: /./ }), tailwindcss(), pwaPrecache(), spaRoutes(), precompress()],
  resolve: { alias: WEB_ALIASES },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/tiles': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
