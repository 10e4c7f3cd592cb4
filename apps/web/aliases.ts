import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/** `@/lib/api` is src/lib/api: imports that leave a folder name where they go, not how far up it is (tsconfig.json `paths`). */
const SRC: Alias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

/**
 * The app renders with Preact through its React compatibility layer, in the build, the dev server
 * and the unit tests alike: React DOM alone is 62 KB gzipped, Preact and compat about 11 KB, and
 * the home page's first-load JavaScript must stay within 100 KB (docs/decisions/157, 485). The
 * types stay React's. REACT=1 runs any of them on React instead, to compare.
 */
const PREACT_COMPAT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export const isReact = process.env.REACT === '1';

/** The web app's import aliases: Vite (apps/web/vite.config.ts) and its unit tests (vitest.config.ts). */
export const WEB_ALIASES: Alias[] = [SRC, ...(isReact ? [] : PREACT_COMPAT)];

/**
 * A Vitest project of the web app's unit tests, on the same runtime as the app: React's libraries
 * are loaded through Vite rather than Node, by their ES modules (Node's CommonJS builds would
 * `require` React itself), so that their `react` imports meet the same aliases as the app's;
 * Testing Library by its ES module for the same reason.
 */
export function webTestProject(test: Record<string, unknown>) {
  const conditions = ['module', 'browser', 'development|production'];
  const testingLibrary: Alias = {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  };
  return {
    test: { ...test, server: { deps: { inline: [/react/, /preact/, /@testing-library/, /@tanstack/, /@hookform/] } } },
    resolve: { alias: isReact ? WEB_ALIASES : [...WEB_ALIASES, testingLibrary], conditions },
    ssr: { resolve: { conditions } },
  };
}
