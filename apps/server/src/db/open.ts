import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { runMigrations } from './migrate';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db. Migrated. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({ dataDir: path.join(config.dataDir, 'db') });
  await runMigrations(handle);
  return handle;
}
