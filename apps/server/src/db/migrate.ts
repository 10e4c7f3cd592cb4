import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the SQL migrations with the runtime migrator of the engine (DESIGN.md: not drizzle-kit migrate).
 * A test of one migration passes a copy of the folder whose journal stops before it.
 */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder };
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take the drizzle database they were built for
  const db = handle.db as any;
  // Each engine's migrator is imported only when used: node-postgres's pulls in `pg`.
  if (handle.engine === 'pglite') await (await import('drizzle-orm/pglite/migrator')).migrate(db, config);
  else await (await import('drizzle-orm/node-postgres/migrator')).migrate(db, config);
}
