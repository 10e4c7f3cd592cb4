import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';
import { runMigrations } from './migrate';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db. Migrated. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  await runMigrations(handle);
  return handle;
}

/**
 * The embedded database belongs to one process: two servers on one DATA_DIR would each keep their
 * own copy in memory and lose each other's writes. The second one refuses to start instead.
 */
async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const release = lockDataDir(dataDir);
  try {
    const handle = await openPglite({ dataDir: path.join(dataDir, 'db') });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
