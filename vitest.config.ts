import { configDefaults, defineConfig } from 'vitest/config';
import { webTestProject } from './apps/web/aliases';

type Engine = 'pglite' | 'postgres';

/**
 * The server test files whose answers depend on the database engine, run on the second engine
 * too: migrations and the data directory, the job queue, start-up and shutdown, hand-written and
 * SQL-heavy repositories (search, analytics, the outbox, batched favourites), locks and limits
 * under concurrency (orders, products, messages, meat shares, standing reservations, CSA plans,
 * recorded benefit tenders and the stand's synced actions), the visibility trigger (producers),
 * subscription state (billing) and readiness (health): one file or a few a module, those that write
 * at once or read by hand-written SQL. Everything else goes through Drizzle the same way on both,
 * and runs once. Why: docs/TESTING.md.
 */
const ENGINE_SENSITIVE = [
  'src/db/**/*.test.ts',
  'src/seed/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/lib/ops/**/*.test.ts',
  'src/lib/mailer.smtp.test.ts',
  // Search: hand-written SQL, the change feed and the in-memory index loaded from it.
  'src/modules/search/search.test.ts',
  'src/modules/search/listing-index/**/*.test.ts',
  // Orders: locks and limits under concurrency, two sweepers on one database, live updates.
  'src/modules/orders/orders.test.ts',
  'src/modules/orders/order-limits.test.ts',
  'src/modules/orders/lines-and-limits-on-every-path.test.ts',
  'src/modules/orders/orders.realtime.test.ts',
  'src/modules/orders/pickup-day.auto-close.test.ts',
  'src/modules/messages/**/*.test.ts',
  'src/modules/shares/**/*.test.ts',
  // Standing reservations and CSA plans: reservations swept once, a join read inside its transaction.
  // Not standing.season.test.ts: two instances sweeping one database is a PostgreSQL deployment (the
  // embedded engine's data directory takes one process), and its season is plain arithmetic.
  'src/modules/standing/standing.test.ts',
  'src/modules/standing/standing-demand.test.ts',
  'src/modules/csa/csa.test.ts',
  // Stand mode's actions applied once under concurrency, stock taken past what is left.
  'src/modules/stand/stand.test.ts',
  // Not benefits.window.test.ts: its 200 orders are plain arithmetic through the API, once is enough.
  'src/modules/benefits/benefits.test.ts',
  'src/modules/benefits/shopper-benefits.test.ts',
  'src/modules/notices/**/*.test.ts',
  'src/modules/analytics/**/*.test.ts',
  'src/modules/admin/admin.test.ts',
  'src/modules/products/products.test.ts',
  'src/modules/products/catalogue.test.ts',
  // The embedded engine's one connection: a read inside a transaction goes through that transaction.
  'src/modules/products/settings-in-transaction.test.ts',
  'src/modules/producers/producers.test.ts',
  'src/modules/favorites/favorites-batch.test.ts',
  'src/modules/billing/billing.test.ts',
  'src/modules/health/health.test.ts',
  // Markets (issue 48): roles and vendors' standing written under unique indexes, slugs taken at once.
  'src/modules/markets/markets.test.ts',
  'src/modules/markets/market-vendors.test.ts',
  // The market's pickup day (issue 49): checkout applied once under concurrency, the match cap's upsert.
  'src/modules/market-pickup/pickup-day.test.ts',
  'src/test/market-role-matrix.test.ts',
  // The market basket (issue 49): parts placed all or nothing under parallel shoppers, stock taken at placement.
  'src/modules/market-basket/**/*.test.ts',
  // Books out (issue 50): exports under the farm's lock, an order once per format.
  'src/modules/books/**/*.test.ts',
];

/**
 * Files in those folders that never open a database (pure functions, in-memory indexes against a
 * plain reference): the engine cannot change their answers, so they run once, in the full suite.
 */
const ENGINE_FREE = [
  'src/modules/search/listing-index/centred-search.test.ts',
  'src/modules/search/listing-index/intersect.test.ts',
  'src/modules/search/listing-index/producer-list.test.ts',
  'src/modules/search/listing-index/spatial-grid.test.ts',
  'src/modules/search/listing-index/top-k.test.ts',
  'src/seed/pictures.test.ts',
  'src/modules/books/books.files.test.ts',
];

const WEB_DOM_TESTS = ['src/**/*.test.tsx', 'src/lib/**/*.test.ts', 'src/features/map/**/*.test.ts'];

/**
 * The DOM tests that replace `window.location` (vi.stubGlobal): a VM context's location cannot be
 * redefined, so these run in the default pool, each in a process of its own.
 */
const WEB_LOCATION_STUBS = [
  'src/lib/api.test.ts',
  'src/features/checkout/basket-sign-out.test.tsx',
  'src/features/market-basket/market-basket-sign-out.test.tsx',
];

const serverProject = (engine: Engine, include: string[], exclude: string[] = []) => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // The API files share one module graph per worker: each file still builds its own app on its
    // own database, and no server test mocks a module. Importing the app once per worker instead
    // of once per file took the PostgreSQL project from 268 s to 159 s on one worker.
    isolate: false,
    env: { TEST_DB_ENGINE: engine },
    // Generous bounds: a 2-core CI machine is slow to start an app; a real hang still fails, just later.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

/**
 * One run covers the shared package, the web unit tests and the server's API suite: in full on
 * PostgreSQL when TEST_DATABASE_URL is set (the production engine), and then the engine-sensitive
 * files again on PGlite (the embedded engine, which the browser tests also run end to end);
 * without a PostgreSQL server, in full on PGlite.
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: 1 on this 2-core machine. The API files
    // mostly wait on the database, sockets and timers, so 3 workers keep both cores busy: the
    // PostgreSQL project went from 159 s to 68 s (4 workers: no faster). Measured in docs/TESTING.md.
    maxWorkers: 3,
    // Each project's wall time, files and tests at the end of the run (.ci/run's unit stages).
    reporters: ['default', './scripts/project-times-reporter.ts'],
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject(hasPostgres ? 'postgres' : 'pglite', ['src/**/*.test.ts']),
      ...(hasPostgres ? [serverProject('pglite', ENGINE_SENSITIVE, ENGINE_FREE)] : []),
      // Components, the API client and the map need a DOM (jsdom); the web's plain logic does not,
      // and runs without paying for one.
      // Both on the app's UI runtime, with its import aliases (apps/web/aliases.ts, docs/decisions/485).
      // Each file in a VM context of a reused worker: jsdom and the libraries load once a worker,
      // not once a file (docs/TESTING.md: 163 s → 50 s for the project alone on this machine).
      webTestProject({
        name: 'web',
        root: './apps/web',
        include: WEB_DOM_TESTS,
        exclude: [...configDefaults.exclude, ...WEB_LOCATION_STUBS],
        environment: 'jsdom',
        pool: 'vmThreads',
        setupFiles: ['./src/test-setup.ts'],
      }),
      webTestProject({
        name: 'web-location',
        root: './apps/web',
        include: WEB_LOCATION_STUBS,
        environment: 'jsdom',
        setupFiles: ['./src/test-setup.ts'],
      }),
      webTestProject({
        name: 'web-logic',
        root: './apps/web',
        include: ['src/**/*.test.ts'],
        exclude: WEB_DOM_TESTS,
        environment: 'node',
      }),
    ],
  },
});
