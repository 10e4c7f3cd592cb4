import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { centsText } from '@farmstand/shared/format/money';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findUserWithSubscription } from '../modules/auth/auth.repository';
import { listReceived } from '../modules/standing/standing.service';
import { runStandingOrders } from '../modules/standing/standing.sweep';
import { seedDemoDataIfEmpty } from '../seed/demo';
import { withDatabase } from '../test/global-setup';
import { buildTestApp, type TestApp } from '../test/test-app';
import { type DatabaseHandle, type Db, openPglite, openPostgres } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

/**
 * Migration 0037 (decision 558) turns every numeric(10,2) dollar column into integer cents named
 * `*_cents`. Here the demo data goes into a database migrated up to 0036 in the old shape (dollars),
 * 0037 is applied, and every amount must come out as exactly the cents the demo wrote.
 */
const MIGRATION = '0037_money_in_cents';

/** Each converted column: its table, its name before and after. */
const MONEY_COLUMNS = [
  ['pickup_points', 'delivery_fee', 'delivery_fee_cents'],
  ['pickup_points', 'min_order', 'min_order_cents'],
  ['orders', 'delivery_fee', 'delivery_fee_cents'],
  ['orders', 'subtotal', 'subtotal_cents'],
  ['orders', 'total', 'total_cents'],
  ['orders', 'estimated_total', 'estimated_total_cents'],
  ['order_items', 'unit_price', 'unit_price_cents'],
  ['order_items', 'final_amount', 'final_amount_cents'],
  ['products', 'price', 'price_cents'],
  ['product_variants', 'price', 'price_cents'],
  ['share_reservations', 'price_per_lb', 'price_per_lb_cents'],
  ['share_reservations', 'fee_estimate', 'fee_estimate_cents'],
  ['share_reservations', 'deposit_requested', 'deposit_requested_cents'],
  ['share_reservations', 'deposit_received', 'deposit_received_cents'],
  ['share_reservations', 'processing_fees', 'processing_fees_cents'],
] as const;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows;

let app: TestApp;
let dataDir: string;
let folder: string;
let before: DatabaseHandle;
let dropBefore: () => Promise<void> = async () => undefined;

/** A copy of the migrations whose journal ends before 0037. */
async function migrationsBefore(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** An empty database of this project's engine. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return openPglite({});
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${inject('pgTemplate').replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  dropBefore = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  return openPostgres(withDatabase(adminUrl, name), { poolSize: 2 });
}

/**
 * Every row of the demo database into the old-shaped one, as it would have been stored before 0037:
 * each amount in dollars (its cents written with two decimals). Foreign keys and triggers are off
 * for the copy (the replica role), so tables go in any order.
 */
async function copyInOldShape(from: Db, to: Db) {
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
      if (rows.length === 0) continue;
      const old = rows.map(({ row }) => {
        for (const [table, dollars, cents] of MONEY_COLUMNS) {
          if (table !== name) continue;
          const value = row[cents] as number | null;
          row[dollars] = value === null ? null : centsText(value);
          delete row[cents];
        }
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

/** Every amount of a database, keyed by table, row and column. */
async function amountsOf(db: Db): Promise<Map<string, number | null>> {
  const amounts = new Map<string, number | null>();
  for (const [table, , cents] of MONEY_COLUMNS) {
    const rows = await rowsOf<{ id: number; amount: number | null }>(
      db,
      sql`select id, ${sql.identifier(cents)} as amount from ${sql.identifier(table)} order by id`,
    );
    for (const row of rows) amounts.set(`${table}/${row.id}/${cents}`, row.amount === null ? null : Number(row.amount));
  }
  return amounts;
}

/** The converted columns as the catalogue describes them (type, null, default). */
const columnsOf = (db: Db) =>
  rowsOf<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' and column_name in (${sql.join(
          MONEY_COLUMNS.map(([, , cents]) => sql`${cents}`),
          sql`, `,
        )}) order by table_name, column_name`,
  );

/** The demo's orders: its standing reservations and CSA shares, placed by the sweep (as demo.test.ts does). */
async function placeFirstStandingOrders() {
  const [farm] = await rowsOf<{ id: number }>(app.ctx.db, sql`select id from users where email = 'producer@farmstand.test'`);
  const producer = await findUserWithSubscription(app.ctx.db, farm.id);
  const received = await listReceived(app.ctx, producer as NonNullable<typeof producer>);
  const at = new Date(received.standing[0].upcoming[0].places_at);
  const clock = app.ctx.clock;
  app.ctx.clock = { now: () => at };
  try {
    expect((await runStandingOrders(app.ctx, at)).placed).toBeGreaterThan(0);
  } finally {
    app.ctx.clock = clock;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-money-'));
  app = await buildTestApp({ dataDir });
  await seedDemoDataIfEmpty(app.ctx);
  await placeFirstStandingOrders();
  folder = await migrationsBefore();
  before = await emptyDatabase();
  await runMigrations(before, folder);
}, 300_000);

afterAll(async () => {
  await before?.close();
  await dropBefore();
  await app?.closeAll();
  await rm(dataDir, { recursive: true, force: true });
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0037: money in integer cents', () => {
  it('keeps every amount of the demo data to the cent, and leaves the columns as a fresh database has them', async () => {
    const [{ n: dollarColumns }] = await rowsOf<{ n: number }>(
      before.db,
      sql`select count(*)::int as n from information_schema.columns
          where table_schema = 'public' and data_type = 'numeric' and numeric_scale = 2`,
    );
    expect(dollarColumns).toBe(MONEY_COLUMNS.length);
    await copyInOldShape(app.ctx.db, before.db);

    await runMigrations(before);

    const expected = await amountsOf(app.ctx.db);
    const converted = await amountsOf(before.db);
    expect(converted).toEqual(expected);
    // The demo writes prices, variants, places with fees, and orders with their lines.
    const written = (table: string) => [...expected].filter(([key, v]) => key.startsWith(`${table}/`) && v !== null).length;
    for (const table of ['products', 'product_variants', 'pickup_points', 'orders', 'order_items'])
      expect(written(table), table).toBeGreaterThan(0);
    expect(await columnsOf(before.db)).toEqual(await columnsOf(app.ctx.db));
    const [{ n: left }] = await rowsOf<{ n: number }>(
      before.db,
      sql`select count(*)::int as n from information_schema.columns
          where table_schema = 'public' and data_type = 'numeric' and numeric_scale = 2`,
    );
    expect(left).toBe(0);
  });
});
