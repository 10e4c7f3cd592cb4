import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type Db, openPglite, openPostgres } from '../db/client';
import { MIGRATIONS_DIR } from '../db/migrate';
import { withDatabase } from './global-setup';

/**
 * What a test of one migration needs: the migrations folder stopped before it, an empty database
 * of the project's engine, and a database's rows copied into another of an older shape.
 */

export const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows;

/** A copy of the migrations whose journal ends before `tag`. */
export async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** An empty database of this project's engine, and how to drop it. */
export async function emptyDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return { handle: await openPglite({}), drop: async () => undefined };
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  return { handle: await openPostgres(withDatabase(adminUrl, name), { poolSize: 2 }), drop };
}

/**
 * Every row of `from` into `to`, a database of an older shape: each table's columns as `to` has
 * them (a column `from` has and `to` lacks is left out), after `reshape` turns a row into its old
 * form. Foreign keys and triggers are off for the copy (the replica role), so tables go in any order.
 */
export async function copyRows(from: Db, to: Db, reshape: (table: string, row: Record<string, unknown>) => void = () => {}) {
  const tables = await rowsOf<{ name: string }>(
    from,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  await to.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { name } of tables) {
      const columns = await rowsOf<{ column_name: string }>(
        tx,
        sql`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = ${name} and is_generated = 'NEVER' order by ordinal_position`,
      );
      const rows = await rowsOf<{ row: Record<string, unknown> }>(
        from,
        sql`select row_to_json(t) as row from ${sql.identifier(name)} t`,
      );
      // A table that a later migration creates is not in the old schema (no columns there): nothing to copy.
      if (rows.length === 0 || columns.length === 0) continue;
      const old = rows.map(({ row }) => {
        reshape(name, row);
        return row;
      });
      const list = sql.join(
        columns.map((c) => sql.identifier(c.column_name)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${sql.identifier(name)} (${list})
            select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(old)}::json)`,
      );
    }
  });
}
