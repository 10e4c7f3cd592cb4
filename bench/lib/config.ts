import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_DIR = path.dirname(BENCH_DIR);
export const SERVER_DIR = path.join(REPO_DIR, 'apps/server');
export const WEB_DIR = path.join(REPO_DIR, 'apps/web');

/** Command-line flags: `--regenerate` rebuilds the data, `--only=a,b` runs those sections, `--duration=10` per load run. */
export type BenchOptions = { regenerate: boolean; only: string[] | null; durationSeconds: number; skipBuild: boolean };

export function readOptions(argv = process.argv.slice(2), env = process.env): BenchOptions {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return {
    regenerate: argv.includes('--regenerate') || env.BENCH_REGENERATE === '1',
    only: (value('only') ?? env.BENCH_ONLY)?.split(',').filter(Boolean) ?? null,
    durationSeconds: Number(value('duration') ?? env.BENCH_DURATION ?? 10),
    skipBuild: argv.includes('--skip-build') || env.BENCH_SKIP_BUILD === '1',
  };
}

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/farmstand_bench';
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3299);

/** The scale of issue 4: 20,000 producers and 200,000 products over the five states. */
export const BENCH_SCALE = { producers: 20_000, productsPerProducer: 10 };

/** Targets on the 2-core machine with PostgreSQL 15 (issue 4 "Speed"). */
export const TARGETS = {
  productSearchP95Ms: 20,
  productSearchRps: 1500,
  mapSearchP95Ms: 50,
  productPageP95Ms: 5,
  homeFirstLoadGzipKb: 170,
};
