import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_DIR = path.dirname(BENCH_DIR);
export const SERVER_DIR = path.join(REPO_DIR, 'apps/server');
export const WEB_DIR = path.join(REPO_DIR, 'apps/web');

/**
 * Command-line flags: `--regenerate` rebuilds the data, `--only=a,b` runs those sections, `--duration=10` per load run,
 * `--scale=1m` the national scale of issue 9 (100,000 producers, 1,000,000 products, its own database),
 * `--engine=pglite|both` the search section on the embedded database too (a copy of the bench data),
 * `--shapes=benefits,category only` only the search shapes whose label contains one of those words.
 */
export type BenchOptions = {
  regenerate: boolean;
  only: string[] | null;
  durationSeconds: number;
  /** Client connections of the soak (`--connections=200`, BENCH_CONNECTIONS). */
  connections: number;
  skipBuild: boolean;
  scale: BenchScaleName;
  /** Which database the search section measures: PostgreSQL (default), the embedded PGlite, or both. */
  engine: 'postgres' | 'pglite' | 'both';
  /** The search section measures only the shapes whose label contains one of these words (all when null). */
  shapes: string[] | null;
};

export type BenchScaleName = '200k' | '1m';

export function readOptions(argv = process.argv.slice(2), env = process.env): BenchOptions {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return {
    regenerate: argv.includes('--regenerate') || env.BENCH_REGENERATE === '1',
    only: (value('only') ?? env.BENCH_ONLY)?.split(',').filter(Boolean) ?? null,
    durationSeconds: Number(value('duration') ?? env.BENCH_DURATION ?? 10),
    connections: Number(value('connections') ?? env.BENCH_CONNECTIONS ?? 200),
    skipBuild: argv.includes('--skip-build') || env.BENCH_SKIP_BUILD === '1',
    scale: (value('scale') ?? env.BENCH_SCALE)?.toLowerCase() === '1m' ? '1m' : '200k',
    engine: engineOf(value('engine') ?? env.BENCH_ENGINE),
    shapes: (value('shapes') ?? env.BENCH_SHAPES)?.split(',').filter(Boolean) ?? null,
  };
}

function engineOf(value: string | undefined): BenchOptions['engine'] {
  if (value === undefined || value === 'postgres') return 'postgres';
  if (value === 'pglite' || value === 'both') return value;
  throw new Error(`--engine must be postgres, pglite or both (got ${value})`);
}

// Sections use BENCH_PORT + 0..11; 3299 put one on 3306, MySQL's port, taken on machines that run it.
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 4299);

export type BenchScale = { name: BenchScaleName; producers: number; productsPerProducer: number };

/** Issue 4: 20,000 producers and 200,000 products over the five states; issue 9: five times that. */
export const BENCH_SCALES: Record<BenchScaleName, BenchScale> = {
  '200k': { name: '200k', producers: 20_000, productsPerProducer: 10 },
  '1m': { name: '1m', producers: 100_000, productsPerProducer: 10 },
};

/** Each scale has its own database, so the 200k data others measure on is never replaced by the 1M one. */
export function benchDatabaseUrl(scale: BenchScaleName, env = process.env): string {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  return `postgres://postgres@127.0.0.1:5432/${scale === '1m' ? 'farmstand_bench_1m' : 'farmstand_bench'}`;
}

/** Targets on the 2-core machine with PostgreSQL 15 (issue 4 "Speed"). */
export const TARGETS = {
  productSearchP95Ms: 20,
  productSearchRps: 1500,
  mapSearchP95Ms: 50,
  productPageP95Ms: 5,
  homeFirstLoadGzipKb: 170,
};
