/**
 * Times each search shape in-process, without HTTP (issue 9): the same distinct queries as the
 * search section, answered by the server's own service functions on the bench database once the
 * listing index is loaded. It tells ranking and writing apart from the HTTP stack.
 *
 *   npx tsx bench/index-shapes.ts [--scale=1m] [--rounds=2] [--shapes=map,typos]
 *
 * Prints per shape the mean, p50, p95 and max of one call, in microseconds, over every query of
 * the shape (the first round warms up and is not counted). The result cache stays off.
 */
import { ProducerSearchQuery, ProductSearchQuery, SuggestionsQuery } from '@farmstand/shared/schemas/search';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { listingIndexLoaded } from '../apps/server/src/modules/search/listing-index/listing-index.service';
import * as search from '../apps/server/src/modules/search/search.service';
import { benchDatabaseUrl, readOptions } from './lib/config';
import { buildSearchShapes, type SearchShape } from './lib/search-queries';

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(flag('rounds') ?? 2);
/** Only the shapes whose label contains one of these words. */
const only = flag('shapes')?.split(',') ?? null;
const url = benchDatabaseUrl(readOptions().scale);
process.env.SEARCH_RESULT_CACHE = 'off';

const database = await openPostgres(url);
const app = await buildApp({
  config: loadConfig({ ...process.env, DATABASE_URL: url, DEMO_DATA: '0', LOG_LEVEL: 'warn' }),
  database,
  logger: false,
});
await app.ready();
const loadStarted = performance.now();
await listingIndexLoaded(app.ctx);
console.log(`index loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

const pool = new pg.Pool({ connectionString: url, max: 2 });
const shapes = await buildSearchShapes(pool);
await pool.end();

/** The service call a path makes, with the query parsed as the route's schema parses it. */
function callOf(shape: SearchShape, path: string): () => Promise<unknown> {
  const raw = Object.fromEntries(new URL(path, 'http://x').searchParams);
  const ctx = app.ctx;
  if (shape.kind === 'products') {
    const query = ProductSearchQuery.parse(raw);
    return () => search.productSearchJson(ctx, query);
  }
  if (shape.kind === 'suggestions') {
    const query = SuggestionsQuery.parse(raw);
    return () => search.suggestions(ctx, query.q);
  }
  const query = ProducerSearchQuery.parse(raw);
  if (shape.kind === 'producers') return () => search.searchProducerList(ctx, query);
  return () => search.producerMap(ctx, query);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
console.log(`${'shape'.padEnd(46)}${['mean', 'p50', 'p95', 'max'].map((h) => h.padStart(9)).join('')}  (µs, one call)`);
for (const shape of shapes) {
  if (only && !only.some((word) => shape.label.includes(word))) continue;
  const calls = shape.paths.map((path) => callOf(shape, path));
  let times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times = [];
    for (const call of calls) {
      const started = performance.now();
      await call();
      times.push((performance.now() - started) * 1000);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const cells = [mean, percentile(times, 0.5), percentile(times, 0.95), times[times.length - 1]];
  console.log(`${shape.label.padEnd(46)}${cells.map((t) => t.toFixed(0).padStart(9)).join('')}`);
}
await app.close();
await database.close();
