import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { securePrivateDataDir, tightenPrivateTree } from '../lib/data-dir';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';
import { runMigrations } from './migrate';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db. Migrated.
 * DATA_DIR is made owner-only first, on either engine (it also holds uploads, the tile cache, the
 * JWT secret and backups): the server (`npm start`) and `npm run restore` both open through here.
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  securePrivateDataDir(config.dataDir);
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
    const dbDir = path.join(dataDir, 'db');
    const isNew = !existsSync(path.join(dbDir, 'PG_VERSION'));
    const handle = await openPglite({ dataDir: dbDir });
    // A new database is laid out with files chmod-ed 0666, past the umask; owner-only like the rest.
    if (isNew) tightenPrivateTree(dbDir);
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
