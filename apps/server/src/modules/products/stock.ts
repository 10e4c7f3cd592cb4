import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';

/**
 * Stock is the products module's (issue 46): a line of stock is a product, or one of its variants
 * (which keeps its own stock, the product row then tracking none). Orders take it for their lines
 * when the producer accepts and give it back when an order or a line ends unfilled. A product with
 * no `stock_quantity` is untracked: nothing is taken or given back. (A sale already made, such as a
 * walk-up sale at the booth, is recorded by `recordSale`: taken even past what is left.)
 */
export type StockLine = { productId: number | null; variantId: number | null; quantity: number };

/**
 * Locks the stock rows of the lines (products, and variants for lines with one) in id order, before
 * any of them changes. Why: a change to a product's stock fires the search trigger, which updates
 * the farm's one search row (migration 0006); two acceptances that took their products one by one
 * could each hold a product and wait for the farm's row held by the other (PostgreSQL reported the
 * deadlock with ten acceptances at once). With every product locked first, in one order, the farm's
 * row is only ever asked for by a transaction that holds all its products.
 */
async function lockStockRows(db: Db, lines: readonly Omit<StockLine, 'quantity'>[]) {
  const productIds = [...new Set(lines.filter((l) => l.variantId === null).map((l) => l.productId))].filter(
    (id): id is number => id !== null,
  );
  const variantIds = [...new Set(lines.map((l) => l.variantId))].filter((id): id is number => id !== null);
  if (productIds.length > 0)
    await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('no key update');
  if (variantIds.length > 0)
    await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, variantIds))
      .orderBy(asc(productVariants.id))
      .for('no key update');
}

/**
 * Takes each line's units from tracked stock (the variant's for a line with a variant), its rows
 * locked first, only while enough are left: per line 'taken', 'untracked' (nothing to take, or a
 * line of no product), or 'short' (another order got them first; the lines after it are not taken,
 * and the caller's transaction is expected to roll back).
 */
export async function takeStock(db: Db, lines: readonly StockLine[]): Promise<('taken' | 'untracked' | 'short')[]> {
  await lockStockRows(db, lines);
  const results: ('taken' | 'untracked' | 'short')[] = [];
  for (const line of lines) {
    if (line.productId === null) {
      results.push('untracked');
      continue;
    }
    const table = line.variantId === null ? sql`products` : sql`product_variants`;
    const result = await db.execute<{ stock_quantity: number | null }>(sql`
      update ${table} set stock_quantity = case when stock_quantity is null then null else stock_quantity - ${line.quantity} end
      where id = ${line.variantId ?? line.productId} and (stock_quantity is null or stock_quantity >= ${line.quantity})
      returning stock_quantity`);
    const row = result.rows[0];
    results.push(!row ? 'short' : row.stock_quantity === null ? 'untracked' : 'taken');
    if (!row) break;
  }
  return results;
}

/** Gives units back, its rows locked first (only to products and variants that still track stock). */
export async function returnStock(db: Db, lines: readonly StockLine[]) {
  const back = lines.filter((line) => line.productId !== null && line.quantity > 0);
  await lockStockRows(db, back);
  for (const line of back) {
    if (line.variantId !== null)
      await db
        .update(productVariants)
        .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), isNotNull(productVariants.stockQuantity)));
    else
      await db
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
        .where(and(eq(products.id, line.productId as number), isNotNull(products.stockQuantity)));
  }
}

/** What `recordSale` did to one line: how many it sold beyond what was left (0 when there was enough, or the line tracks no stock). */
export type SaleStock = { tracked: boolean; left: number | null; oversold: number };

/**
 * Records a sale already made (a walk-up sale at the booth, decision 575): each line's units are
 * taken from tracked stock even past what is left, never refused. Stock stops at 0, and each line
 * answers how many it sold beyond what was left, for the farmer to see ("check the online orders").
 * Rows are locked first, in id order, as `takeStock` does.
 */
export async function recordSale(db: Db, lines: readonly StockLine[]): Promise<SaleStock[]> {
  await lockStockRows(db, lines);
  const results: SaleStock[] = [];
  for (const line of lines) {
    if (line.productId === null || line.quantity <= 0) {
      results.push({ tracked: false, left: null, oversold: 0 });
      continue;
    }
    const table = line.variantId === null ? sql`products` : sql`product_variants`;
    const id = line.variantId ?? line.productId;
    // The row is locked: its stock before the sale is read, then set to what is left (at least 0).
    const before = await db.execute<{ stock_quantity: number | null }>(sql`select stock_quantity from ${table} where id = ${id}`);
    const had = before.rows[0]?.stock_quantity ?? null;
    if (had === null) {
      results.push({ tracked: false, left: null, oversold: 0 });
      continue;
    }
    const left = Math.max(0, had - line.quantity);
    await db.execute(sql`update ${table} set stock_quantity = ${left} where id = ${id}`);
    results.push({ tracked: true, left, oversold: Math.max(0, line.quantity - Math.max(0, had)) });
  }
  return results;
}
