import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { redactOneTimeLinks } from './mailer';

/**
 * Backups that restore (docs/decisions/163): every table of the application schema as JSON, gzipped,
 * in DATA_DIR/backups. Password hashes are included (the file is 0600) because a restore without
 * them leaves nobody able to sign in; one-time tokens and failed sign-ins are left out (short-lived),
 * and so are the job queue's own tables and the migrations journal (migrations recreate them).
 * The outbox goes in without one-time links (decision 350): a copy of a backup must not hold a
 * working reset link.
 */
export const BACKUP_FORMAT = 'farmstand-backup';
export const BACKUP_VERSION = 1;
const SKIPPED_TABLES = new Set(['auth_tokens', 'login_failures']);

export type BackupFile = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  tables: Record<string, Record<string, unknown>[]>;
};

/** Application tables, parents before children (foreign keys), so rows insert in this order. */
export async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = (
    await db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await db.execute<{ child: string; parent: string }>(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`)
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

export async function readDatabase(db: Db, now = new Date()): Promise<BackupFile> {
  const tables: BackupFile['tables'] = {};
  for (const table of await tablesInDependencyOrder(db)) {
    if (SKIPPED_TABLES.has(table)) continue;
    // to_jsonb keeps every value exact (timestamps with zone, numerics as text, jsonb as is).
    const rows = await db.execute<{ row: Record<string, unknown> }>(
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t`,
    );
    const parsed = rows.rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row));
    tables[table] = table === 'email_outbox' ? outboxForBackup(parsed) : parsed;
  }
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: now.toISOString(), tables };
}

const UNDELIVERED = new Set(['queued', 'sending', 'retrying']);

/**
 * Outbox rows without their one-time links. A mail still waiting for delivery whose link is removed
 * is left out instead: its token is not in the backup (auth_tokens is not), so after a restore the
 * mail would only carry a dead link; the person asks for a new one.
 */
function outboxForBackup(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const kept: Record<string, unknown>[] = [];
  for (const row of rows) {
    const body = redactOneTimeLinks(String(row.body));
    const html = typeof row.html === 'string' ? redactOneTimeLinks(row.html) : row.html;
    const hadLink = body !== row.body || html !== row.html;
    if (hadLink && UNDELIVERED.has(String(row.status))) continue;
    kept.push(hadLink ? { ...row, body, html } : row);
  }
  return kept;
}

/** Writes a backup into `dir` and keeps only the newest `keep` files there. */
export async function writeBackup(db: Db, dir: string, keep: number, now = new Date()) {
  const backup = await readDatabase(db, now);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `backup-${now.toISOString().replace(/[:.]/g, '-')}.json.gz`;
  const body = gzipSync(JSON.stringify(backup));
  await writeFile(path.join(dir, name), body, { mode: 0o600 });
  const pruned = await pruneBackups(dir, keep);
  const rows = Object.values(backup.tables).reduce((sum, t) => sum + t.length, 0);
  return { file: name, size_bytes: body.length, rows, pruned };
}

export async function pruneBackups(dir: string, keep: number): Promise<number> {
  const files = (await readdir(dir)).filter((f) => /^backup-.*\.json(\.gz)?$/.test(f)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const file of old) await rm(path.join(dir, file), { force: true });
  return old.length;
}

export async function readBackupFile(file: string): Promise<BackupFile> {
  const raw = await readFile(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const parsed = JSON.parse(text) as BackupFile;
  if (parsed.format !== BACKUP_FORMAT || typeof parsed.tables !== 'object') {
    throw new Error(`${file} is not a Farmstand backup (written by the backup job or the admin's Backup action)`);
  }
  return parsed;
}

/** Rows in the application tables: restore refuses a database that has any unless asked to replace. */
export async function countRows(db: Db): Promise<number> {
  let total = 0;
  for (const table of await tablesInDependencyOrder(db)) {
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    total += Number(rows.rows[0]?.n ?? 0);
  }
  return total;
}

/**
 * Loads a backup into a migrated database in one transaction: parents first, each table through
 * jsonb_populate_recordset (types converted by PostgreSQL itself), then every id sequence moved past
 * the restored ids. With `replace`, the application tables are emptied first.
 */
export async function restoreBackup(db: Db, backup: BackupFile, options: { replace?: boolean } = {}) {
  const order = await tablesInDependencyOrder(db);
  if (!options.replace && (await countRows(db)) > 0) {
    throw new Error('The database is not empty. Restore into an empty database, or pass --replace to overwrite it.');
  }
  const restored: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // Rows go in as they were, without triggers: tables that triggers maintain (the search index)
    // come from the backup too, and would otherwise be written twice. Needs a superuser (PGlite is
    // one); without it, rows a trigger already wrote are kept (on conflict do nothing).
    const superuser = await tx.execute<{ on: string }>(sql`select current_setting('is_superuser') as on`);
    if (superuser.rows[0]?.on === 'on') await tx.execute(sql`set local session_replication_role = replica`);
    if (options.replace && order.length > 0) {
      await tx.execute(sql.raw(`truncate ${order.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    }
    for (const table of order) {
      const rows = backup.tables[table];
      if (!rows || rows.length === 0) continue;
      // Generated columns (the search vectors) are computed again, never inserted.
      const columns = (
        await tx.execute<{ name: string }>(sql`
          select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`)
      ).rows.map((c) => c.name);
      const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = JSON.stringify(rows.slice(i, i + 1000));
        await tx.execute(sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${chunk}::jsonb)
          on conflict do nothing`);
      }
      restored[table] = rows.length;
      if (columns.includes('id')) {
        const quoted = `"${table}"`;
        await tx.execute(sql`
          select setval(seq, coalesce((select max(id)::bigint from ${sql.identifier(table)}), 1),
            (select count(*) > 0 from ${sql.identifier(table)}))
          from (select pg_get_serial_sequence(${quoted}, 'id') as seq) s where seq is not null`);
      }
    }
  });
  return restored;
}
