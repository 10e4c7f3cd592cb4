import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_CATEGORIES } from '@farmstand/shared';
import { defaultTaxClass } from '@farmstand/shared/tax/questions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDataIfEmpty } from '../seed/demo';
import { copyRows, emptyDatabase, migrationsBefore, rowsOf } from '../test/migration-copy';
import { buildTestApp, type TestApp } from '../test/test-app';
import type { DatabaseHandle, Db } from './client';
import { runMigrations } from './migrate';

/**
 * Migration 0038 (decision 574) gives every product a sales-tax class: existing products get their
 * category's class by the rule of `defaultTaxClass`. The demo data goes into a database migrated up
 * to 0037 (no tax class), 0038 is applied, and each product must have its category's class.
 */
const MIGRATION = '0038_product_tax_class';

let app: TestApp;
let dataDir: string;
let folder: string;
let before: DatabaseHandle;
let dropBefore: () => Promise<void> = async () => undefined;

const classesOf = (db: Db) =>
  rowsOf<{ id: number; category: string; tax_class: string }>(db, sql`select id, category, tax_class from products order by id`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-tax-class-'));
  app = await buildTestApp({ dataDir });
  await seedDemoDataIfEmpty(app.ctx);
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

describe('migration 0038: a tax class for every product', () => {
  it("backfills each demo product with its category's class, as a fresh database has it", async () => {
    const [{ n: hasColumn }] = await rowsOf<{ n: number }>(
      before.db,
      sql`select count(*)::int as n from information_schema.columns where table_name = 'products' and column_name = 'tax_class'`,
    );
    expect(hasColumn).toBe(0);
    await copyRows(app.ctx.db, before.db);

    await runMigrations(before);

    const migrated = await classesOf(before.db);
    expect(migrated.length).toBeGreaterThan(0);
    for (const product of migrated) expect(product.tax_class, product.category).toBe(defaultTaxClass(product.category));
    // A fresh database has the same classes, but for the demo's food among the crafts, which the
    // seed gives its own class and the backfill (by category only) cannot know.
    const fresh = await classesOf(app.ctx.db);
    expect(fresh.map((p) => p.id)).toEqual(migrated.map((p) => p.id));
    const differ = fresh.filter((p, i) => p.tax_class !== migrated[i].tax_class);
    expect(differ.length).toBeGreaterThan(0);
    for (const p of differ) expect([p.category, p.tax_class]).toEqual(['other', 'food']);
    // The demo sells crafts (other) and pet food, and every food category.
    expect(new Set(migrated.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(migrated.map((p) => p.tax_class))).toEqual(new Set(['food', 'non_food']));
  });

  it('refuses a tax class that is not one of the five', async () => {
    const [product] = await classesOf(before.db);
    await expect(before.db.execute(sql`update products set tax_class = 'luxury' where id = ${product.id}`)).rejects.toThrow();
    const [{ tax_class }] = await rowsOf<{ tax_class: string }>(
      before.db,
      sql`select tax_class from products where id = ${product.id}`,
    );
    expect(tax_class).toBe(product.tax_class);
  });
});
