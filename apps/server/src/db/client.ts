import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from './schema';

/**
 * The query interface every repository takes: a database or a transaction, on either engine.
 * PGlite's and node-postgres's drizzle databases share this API.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Size of the database in bytes, for the admin health screen. */
  sizeBytes: () => Promise<number>;
  /** Connections of the pool by state, for the metrics (the embedded database is one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export type PgliteSource = { dataDir?: string; loadDataDir?: Blob | File };

export async function openPglite(source: PgliteSource): Promise<DatabaseHandle> {
  const client = await PGlite.create({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close(), sizeBytes: () => databaseSize(db) };
}

export async function openPostgres(url: string, { poolSize = 20 }: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  // Imported here: the embedded database never needs node-postgres, and a restart should not load it.
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    close: () => pool.end(),
    sizeBytes: () => databaseSize(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function databaseSize(db: Db): Promise<number> {
  const result = await db.execute<{ size: string }>(sql`select pg_database_size(current_database())::text as size`);
  return Number(result.rows[0]?.size ?? 0);
}
