import type pg from 'pg';
import type { BenchOptions } from './config';
import type { BenchServer } from './server';

/** What every section gets: the running server, the bench database and the sample ids to vary requests over. */
export type BenchContext = {
  options: BenchOptions;
  server: BenchServer;
  pool: pg.Pool;
  databaseUrl: string;
  samples: BenchSamples;
};

export type BenchSamples = {
  /** Visible product ids, for the product page. */
  productIds: number[];
  /** Places (town centres of the five states) to search around. */
  places: { latitude: number; longitude: number; label: string }[];
};

/**
 * A part of `npm run bench`. Every file in bench/sections/ default-exports one and runs in file-name
 * order; add a file (e.g. `40-live-delivery.ts`) to add a section, nothing else to edit.
 * `needsServer: false` sections run even when the server could not start.
 */
export type BenchSection = {
  name: string;
  needsServer?: boolean;
  run(ctx: BenchContext): Promise<void>;
};

export const defineSection = (section: BenchSection) => section;
