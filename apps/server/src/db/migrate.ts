import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the SQL migrations with the runtime migrator of the engine (DESIGN.md: not drizzle-kit migrate). */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take the drizzle database they were built for
  const db = handle.db as any;
  if (handle.engine === 'pglite') await migratePglite(db, config);
  else await migratePg(db, config);
}
