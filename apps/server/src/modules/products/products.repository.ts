import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { producers, products, productVariants, shareReservations, subscriptions, users } from '../../db/schema';
import { producerListed, productListed } from '../producers';

declare module '../../lib/context' {
  interface AppReads {
    /** The product page. */
    productPage: ReturnType<typeof productPageReader>;
  }
}

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'producerId' | 'createdAt' | 'updatedAt' | 'searchVector'>;

/**
 * Only the columns a product response needs: the whole rows would drag the search vector and the
 * producer's address and coordinates through every product read.
 */
const productColumns = {
  id: products.id,
  producerId: products.producerId,
  name: products.name,
  category: products.category,
  description: products.description,
  priceCents: products.priceCents,
  priceUnit: products.priceUnit,
  availability: products.availability,
  stockQuantity: products.stockQuantity,
  dayLimit: products.dayLimit,
  weightUnit: products.weightUnit,
  packMin: products.packMin,
  packMax: products.packMax,
  priceFrom: products.priceFrom,
  inspection: products.inspection,
  establishmentNumber: products.establishmentNumber,
  share: products.share,
  originState: products.originState,
  taxClass: products.taxClass,
  seasonalStart: products.seasonalStart,
  seasonalEnd: products.seasonalEnd,
  ingredients: products.ingredients,
  allergens: products.allergens,
  netQuantity: products.netQuantity,
  netUnit: products.netUnit,
  ingredientList: products.ingredientList,
  allergensConfirmedAbsent: products.allergensConfirmedAbsent,
  sellerType: products.sellerType,
  requiredCertifications: products.requiredCertifications,
  pickupInstructions: products.pickupInstructions,
  primaryImageUrl: products.primaryImageUrl,
  additionalImages: products.additionalImages,
  active: products.active,
  moderationStatus: products.moderationStatus,
  moderationReason: products.moderationReason,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const producerColumns = {
  id: producers.id,
  userId: producers.userId,
  farmName: producers.farmName,
  city: producers.city,
  state: producers.state,
  phone: producers.phone,
  deliveryAvailable: producers.deliveryAvailable,
  deliveryRadius: producers.deliveryRadius,
  pickupInstructions: producers.pickupInstructions,
  verificationStatus: producers.verificationStatus,
};

/** A variant as read with its product (numeric columns arrive as JSON numbers, the price in cents). */
export type VariantJson = {
  id: number;
  name: string;
  price_cents: number | null;
  price_unit: string | null;
  weight_unit: 'lb' | 'oz' | null;
  pack_min: number | null;
  pack_max: number | null;
  stock_quantity: number | null;
  availability: 'available' | 'sold_out' | 'pre_order';
};

/** The product's active variants in order, read with the product in the same statement. */
const activeVariants = sql<VariantJson[]>`coalesce((
  select json_agg(json_build_object('id', v.id, 'name', v.name, 'price_cents', v.price_cents, 'price_unit', v.price_unit,
    'weight_unit', v.weight_unit, 'pack_min', v.pack_min, 'pack_max', v.pack_max,
    'stock_quantity', v.stock_quantity, 'availability', v.availability) order by v.position, v.id)
  from ${productVariants} v where v.product_id = ${products.id} and v.active), '[]'::json)`;

/** Shares of a share product that are taken (not cancelled), read with the product; 0 for others. */
const sharesTaken = sql<number>`(case when ${products.share} is null then 0 else (
  select coalesce(sum(r.quantity), 0)::int from ${shareReservations} r
  where r.product_id = ${products.id} and r.status <> 'cancelled') end)`.mapWith(Number);

const selection = {
  product: productColumns,
  producer: producerColumns,
  email: users.email,
  listed: producerListed,
  variants: activeVariants,
  sharesTaken,
};

/** A product with the producer fields every product response carries. */
export type ProductWithProducer = {
  product: Pick<ProductRow, keyof typeof productColumns>;
  producer: Pick<typeof producers.$inferSelect, keyof typeof producerColumns>;
  email: string;
  /** The producer's account is active and the subscription in good standing. */
  listed: boolean;
  variants: VariantJson[];
  sharesTaken: number;
};

function selectWithProducer(db: Db) {
  return db
    .select(selection)
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(users, eq(users.id, producers.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, producers.userId));
}

/** The public sees a product only when it is active, not removed by an admin, and its producer listed. */
export const productIsPublic = sql<boolean>`(${productListed} and ${producerListed})`;

export async function findProductWithProducer(db: Db, id: number): Promise<ProductWithProducer | undefined> {
  const [row] = await selectWithProducer(db).where(eq(products.id, id));
  return row;
}

/**
 * The product page's read, as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every request. Made once per app on its database (`ctx.reads.productPage`,
 * app.ts): a prepared query is bound to the database it was made on, so a transaction never runs it.
 */
export function productPageReader(db: Db): (id: number) => Promise<ProductWithProducer | undefined> {
  const prepared = selectWithProducer(db)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_with_producer_by_id');
  return async (id) => {
    const [row] = await prepared.execute({ id });
    return row;
  };
}

/** Every product of a producer, deleted ones last, for the owner's list. */
export async function listProductsOfProducer(db: Db, producerId: number): Promise<ProductWithProducer[]> {
  return selectWithProducer(db)
    .where(eq(products.producerId, producerId))
    .orderBy(desc(products.active), desc(products.createdAt), desc(products.id));
}

/** The producer's public products, newest first (the public page's "recent products"). */
export async function listPublicProductsOfProducer(db: Db, producerId: number, limit: number): Promise<ProductWithProducer[]> {
  return selectWithProducer(db)
    .where(and(eq(products.producerId, producerId), productIsPublic))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

/**
 * Active (not deleted) products count against the limit, whatever their availability; a product an
 * admin removed does not: the producer cannot list it, so it must not take a slot (decision 370).
 */
export async function countActiveProducts(db: Db, producerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.producerId, producerId), productListed));
  return row?.n ?? 0;
}

export async function insertProduct(db: Db, producerId: number, values: ProductValues): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({ ...values, producerId })
    .returning();
  return row;
}

export async function updateProduct(db: Db, id: number, values: Partial<ProductValues>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Locks the product row so concurrent image changes do not lose each other's URLs. */
export async function lockProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

/** The farm's own codes for its products and their active variants (the catalogue's keys, decision 585). */
export async function listCatalogueCodes(db: Db, producerId: number) {
  // One after the other: inside a transaction the queries share one connection.
  const productCodes = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.producerId, producerId));
  const variantCodes = await db
    .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.producerId, producerId), eq(productVariants.active, true)));
  return { productCodes, variantCodes };
}

/** Counted stock set to zero for these products and variants (the import's "zero what is missing"). */
export async function zeroStock(db: Db, productIds: number[], variantIds: number[]): Promise<void> {
  if (productIds.length > 0)
    await db.update(products).set({ stockQuantity: 0, updatedAt: sql`now()` }).where(inArray(products.id, productIds));
  if (variantIds.length > 0)
    await db
      .update(productVariants)
      .set({ stockQuantity: 0, updatedAt: sql`now()` })
      .where(inArray(productVariants.id, variantIds));
}

/** Clears the farm's codes of these products and their variants before an import sets them again (codes may swap). */
export async function clearCodes(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.update(products).set({ sku: null }).where(inArray(products.id, productIds));
  await db.update(productVariants).set({ sku: null }).where(inArray(productVariants.productId, productIds));
}
