import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type pg from 'pg';
import { openPglite } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import type { BenchScaleName } from './config';

/**
 * The embedded database (PGlite, what `npm start` runs without DATABASE_URL) holding the bench data
 * (issue 9: "on the embedded database at 200k products"). The generator writes PostgreSQL only, so
 * the PGlite data directory is copied from the PostgreSQL bench database once, table by table, and
 * kept on disk (like the PostgreSQL bench databases) until that data changes. Servers start on a
 * copy of it, so the kept one is never written to.
 */
export function embeddedCacheDir(scale: BenchScaleName, env = process.env): string {
  return env.BENCH_PGLITE_DIR ?? path.join(os.homedir(), '.cache', 'farmstand-bench', `pglite-${scale}`);
}

/** What the copy was made from: a regenerated PostgreSQL bench database (or one given its benefits rows) gets a new copy. */
async function fingerprintOf(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ f: string }>(`
    select concat_ws('/', (select count(*) from products), (select max(id) from products),
      (select count(*) from producers), (select max(id) from users), (select count(*) from producer_benefits)) as f`);
  return rows[0].f;
}

/** The PGlite data directory (`<dir>/db`) holding the PostgreSQL bench data, made when missing or outdated. */
export async function prepareEmbeddedDatabase(pool: pg.Pool, databaseUrl: string, scale: BenchScaleName): Promise<string> {
  const dir = embeddedCacheDir(scale);
  const stampFile = path.join(dir, 'made-from.txt');
  const fingerprint = await fingerprintOf(pool);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return path.join(dir, 'db');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  console.log(`  copying the ${scale} bench data into an embedded database at ${dir} (once)…`);
  // The schema as the server makes it: the same migrations, run by PGlite's migrator.
  const handle = await openPglite({ dataDir: path.join(dir, 'db') });
  await runMigrations(handle);
  await handle.close();
  const client = await PGlite.create({ dataDir: path.join(dir, 'db'), extensions: { pg_trgm } });
  try {
    // Rows are copied as they are, search tables included: no trigger or foreign-key check runs.
    await client.exec(`set session_replication_role = replica`);
    const tables = await pool.query<{ table_name: string; columns: string[] }>(`
      select c.table_name, array_agg(quote_ident(c.column_name::text) order by c.ordinal_position) as columns
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`);
    // Whatever the migrations seeded goes first (all at once: a cascade must not empty a copied table).
    await client.exec(`truncate ${tables.rows.map((row) => quoteIdent(row.table_name)).join(', ')} cascade`);
    for (const { table_name: table, columns } of tables.rows) {
      const list = columns.join(', ');
      const file = path.join(dir, 'table.copy');
      copyOut(databaseUrl, `select ${list} from ${quoteIdent(table)}`, file);
      const blob = new Blob([readFileSync(file)]);
      await client.query(`copy ${quoteIdent(table)} (${list}) from '/dev/blob'`, [], { blob });
      rmSync(file);
    }
    // Sequences continue after the copied ids, as after the generator.
    const sequences = await client.query<{ table_name: string; column_name: string }>(`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`);
    for (const { table_name: table, column_name: column } of sequences.rows) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1, false)`,
        [table, column],
      );
    }
    await client.exec('set session_replication_role = origin; analyze');
  } finally {
    await client.close();
  }
  writeFileSync(stampFile, fingerprint);
  console.log(`  embedded database ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return path.join(dir, 'db');
}

/** `psql`'s client-side copy: node-postgres has no COPY TO STDOUT of its own. */
function copyOut(databaseUrl: string, query: string, file: string): void {
  const result = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-qc', `\\copy (${query}) to '${file}'`], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql could not copy (${query}): ${result.stderr || result.error}`);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
