import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';

function split(url: string): { adminUrl: string; name: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  parsed.pathname = '/postgres';
  return { adminUrl: parsed.toString(), name };
}

/** Creates the bench database when missing (dropping it first with `recreate`), then applies the server's migrations. */
export async function prepareBenchDatabase(url: string, recreate: boolean): Promise<void> {
  const { adminUrl, name } = split(url);
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`bench database name must be simple: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (recreate) await admin.query(`drop database if exists "${name}" with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(url);
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
}
