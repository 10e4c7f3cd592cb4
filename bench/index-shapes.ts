/**
 * Times each search shape in-process, without HTTP (issue 9): the same distinct queries as the
 * search section, answered by the server's own service functions on the bench database once the
 * listing index is loaded. It tells ranking and writing apart from the HTTP stack.
 *
 *   npx tsx bench/index-shapes.ts [--scale=1m] [--rounds=2] [--shapes=map,typos] [--dump=answers.tsv]
 *
 * Prints per shape the mean, p50, p95 and max of one call, in microseconds, over every query of
 * the shape, and the process's CPU time per call (the last round; earlier rounds warm up).
 * Then what a call leaves to the garbage collector: the garbage collection time per call in the last
 * round (µs), and the median young-generation bytes one call allocates (KB; decision 290: each
 * scavenge pauses every request in flight, so allocation shows in the tail, not in the mean).
 * `--dump` writes each path with a hash of its answer, so two versions of the code can be compared
 * answer for answer at scale (`diff` the two files).
 * `--slowest=N` prints each shape's N slowest queries of the last round, with their times.
 * `--allocations` prints, per shape, the functions that allocate most per call (V8's sampling heap
 * profiler, garbage included): where the young generation's bytes come from.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
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
const dump = flag('dump');
const allocations = process.argv.includes('--allocations');
/** Also print this many of each shape's slowest queries (last round), with their times. */
const slowest = Number(flag('slowest') ?? 0);
if (dump) writeFileSync(dump, '');
const url = benchDatabaseUrl(readOptions().scale);

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
  if (shape.kind === 'producers') return () => search.searchProducerListJson(ctx, query);
  return () => search.producerMap(ctx, query);
}

/** A short hash of an answer, whichever form the service returns it in (JSON text, bytes or an object). */
function hashOf(answer: unknown): string {
  const value = answer as { body?: string; json?: Buffer };
  const bytes = typeof answer === 'string' ? answer : (value.body ?? value.json ?? JSON.stringify(answer));
  return createHash('sha1').update(bytes).digest('hex').slice(0, 16);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Garbage collection time (ms) since the observer started, all kinds. */
let gcMillis = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMillis += entry.duration;
}).observe({ entryTypes: ['gc'] });

const youngUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_used_size ?? 0;

/** The median young-generation bytes one call allocates (calls during which a scavenge ran are left out). */
async function youngBytesPerCall(calls: (() => Promise<unknown>)[]): Promise<number> {
  const measureOne = async (call: () => Promise<unknown>) => {
    const before = youngUsed();
    await call();
    const after = youngUsed();
    return after >= before ? after - before : null;
  };
  const nothing = (await measureOne(async () => undefined)) ?? 0;
  const sizes: number[] = [];
  for (const call of calls) {
    const size = await measureOne(call);
    if (size !== null) sizes.push(Math.max(0, size - nothing));
  }
  sizes.sort((a, b) => a - b);
  return sizes.length ? percentile(sizes, 0.5) : Number.NaN;
}

type SampledNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampledNode[];
};

/** The ten functions allocating most over one pass of the calls, in KB per call (sampled every 1 KB). */
async function allocatorsOf(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (const call of calls) await call();
  const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
  session.disconnect();
  const bytesBy = new Map<string, number>();
  const visit = (node: SampledNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-1)[0]}:${lineNumber + 1}`;
    bytesBy.set(key, (bytesBy.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  return [...bytesBy]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([where, bytes]) => `${(bytes / 1024 / calls.length).toFixed(1).padStart(6)} KB  ${where}`);
}

console.log(
  `${'shape'.padEnd(46)}${['mean', 'p50', 'p95', 'max', 'cpu', 'gc', 'KB'].map((h) => h.padStart(9)).join('')}  (µs, one call; KB young)`,
);
for (const shape of shapes) {
  if (only && !only.some((word) => shape.label.includes(word))) continue;
  const calls = shape.paths.map((path) => callOf(shape, path));
  let times: number[] = [];
  let timedPaths: { path: string; micros: number }[] = [];
  // CPU time of the process over the whole round: less moved than wall time by other work on the machine.
  let cpuMicros = 0;
  let gcMicros = 0;
  for (let round = 0; round < rounds; round++) {
    times = [];
    const cpuBefore = process.cpuUsage();
    const gcBefore = gcMillis;
    timedPaths = [];
    for (const [i, call] of calls.entries()) {
      const started = performance.now();
      await call();
      const micros = (performance.now() - started) * 1000;
      times.push(micros);
      if (slowest) timedPaths.push({ path: shape.paths[i], micros });
    }
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros = (cpu.user + cpu.system) / calls.length;
    // The observer reports after the round's last await: give it a turn.
    await new Promise((resolve) => setImmediate(resolve));
    gcMicros = ((gcMillis - gcBefore) * 1000) / calls.length;
  }
  const youngKb = (await youngBytesPerCall(calls)) / 1024;
  const topAllocators = allocations ? await allocatorsOf(calls) : [];
  if (dump) {
    const lines: string[] = [];
    for (const [i, call] of calls.entries()) lines.push(`${shape.paths[i]}\t${hashOf(await call())}`);
    appendFileSync(dump, `${lines.join('\n')}\n`);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const cells = [mean, percentile(times, 0.5), percentile(times, 0.95), times[times.length - 1], cpuMicros, gcMicros];
  console.log(`${shape.label.padEnd(46)}${cells.map((t) => t.toFixed(0).padStart(9)).join('')}${youngKb.toFixed(1).padStart(9)}`);
  for (const line of topAllocators) console.log(`    ${line}`);
  timedPaths.sort((a, b) => b.micros - a.micros);
  for (const { path, micros } of timedPaths.slice(0, slowest)) console.log(`    ${micros.toFixed(0).padStart(7)} µs  ${path}`);
}
await app.close();
await database.close();
