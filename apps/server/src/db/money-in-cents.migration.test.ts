import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { centsText } from '@farmstand/shared/format/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserWithSubscription } from '../modules/auth/auth.repository';
import { listReceived } from '../modules/standing/standing.service';
import { runStandingOrders } from '../modules/standing/standing.sweep';
import { seedDemoDataIfEmpty } from '../seed/demo';
import { copyRows, emptyDatabase, migrationsBefore, rowsOf } from '../test/migration-copy';
import { buildTestApp, type TestApp } from '../test/test-app';
import type { DatabaseHandle, Db } from './client';
import { runMigrations } from './migrate';

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

let app: TestApp;
let dataDir: string;
let folder: string;
let before: DatabaseHandle;
let dropBefore: () => Promise<void> = async () => undefined;

/**
 * Every row of the demo database into the old-shaped one, as it would have been stored before 0037:
 * each amount in dollars (its cents written with two decimals).
 */
const copyInOldShape = (from: Db, to: Db) =>
  copyRows(from, to, (name, row) => {
    for (const [table, dollars, cents] of MONEY_COLUMNS) {
      if (table !== name) continue;
      const value = row[cents] as number | null;
      row[dollars] = value === null ? null : centsText(value);
      delete row[cents];
    }
  });

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
  folder = await migrationsBefore(MIGRATION);
  ({ handle: before, drop: dropBefore } = await emptyDatabase());
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
