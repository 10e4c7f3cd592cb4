import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';
import { precompress, spaRoutes } from './build-plugins';
import { pwaPrecache } from './pwa-precache';

const backend = `http://localhost:${process.env.API_PORT ?? 3000}`;

const ZOD_SETUP = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));

/** `@/lib/api` is src/lib/api: imports that leave a folder name where they go, not how far up it is (tsconfig.json `paths`). */
const SRC: Alias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

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

/**
 * The built app renders with Preact through its React compatibility layer: React DOM alone is
 * 62 KB gzipped, Preact and compat about 11 KB, and the home page's first-load JavaScript must stay
 * within 100 KB (docs/decisions/157). The dev server and the unit tests keep React
 * (Fast Refresh, Testing Library); the end-to-end tests run the build, so they test what ships.
 * REACT=1 builds with React, to compare.
 */
const preactCompat: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [zodSetup(), react(), tailwindcss(), pwaPrecache(), spaRoutes(), precompress()],
  resolve: { alias: [SRC, ...(command === 'build' && process.env.REACT !== '1' ? preactCompat : [])] },
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
}));
