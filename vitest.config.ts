import { defineConfig } from 'vitest/config';

const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine },
    // Generous bounds: a 2-core CI machine running both engines' suites side by side is slow to
    // start an app; a real hang still fails, just later.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

/**
 * One run covers the shared package, the web unit tests and the server's API suite on PGlite;
 * with TEST_DATABASE_URL set the same API suite runs again on PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
