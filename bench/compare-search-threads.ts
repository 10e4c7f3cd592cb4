/**
 * Compares search on the main thread with search on worker threads (decision 300) back to back:
 * one bench server per SEARCH_THREADS value, each shape measured on each server in turn, so the
 * machine's drift between runs (up to 2× on this machine) falls on both alike.
 *
 *   npx tsx bench/compare-search-threads.ts [--scale=1m] [--threads=0,1] [--shapes=text only,typos] [--rounds=2]
 *
 * Prints per round, shape and server: req/s at 50 connections and p50/p95/p99 at 10, as the search
 * section measures them (distinct queries, result cache off).
 */
import pg from 'pg';
import { BENCH_PORT, benchDatabaseUrl, readOptions } from './lib/config';
import { measure, rotate, waitUntilIdle } from './lib/load';
import { buildSearchShapes } from './lib/search-queries';
import { type BenchServer, startBenchServer } from './lib/server';

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const threadCounts = (flag('threads') ?? '0,1').split(',');
const wanted = (flag('shapes') ?? 'text only,typos,deep page,producers: list').split(',');
const rounds = Number(flag('rounds') ?? 2);
const seconds = Number(flag('duration') ?? 5);
const url = benchDatabaseUrl(readOptions().scale);

const pool = new pg.Pool({ connectionString: url, max: 2 });
const shapes = (await buildSearchShapes(pool)).filter((shape) => wanted.some((word) => shape.label.includes(word)));
await pool.end();

const servers: BenchServer[] = [];
try {
  for (const [i, threads] of threadCounts.entries()) {
    servers.push(await startBenchServer(url, BENCH_PORT + 10 + i, { SEARCH_THREADS: threads }));
    console.log(`server with SEARCH_THREADS=${threads}: search by ${servers[i].search.path}`);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const shape of shapes) {
      for (const [i, server] of servers.entries()) {
        await waitUntilIdle(server.url);
        const f = await measure(server.url, rotate(shape.paths), seconds);
        const figures = `req/s@50 ${f.rps.toFixed(0).padStart(5)}  p50 ${f.p50.toFixed(2)}  p95 ${f.p95.toFixed(2)}  p99 ${f.p99.toFixed(2)} ms`;
        console.log(`round ${round}  ${shape.label.padEnd(40)} threads=${threadCounts[i]}  ${figures}`);
      }
    }
  }
} finally {
  for (const server of servers) await server.stop();
}
