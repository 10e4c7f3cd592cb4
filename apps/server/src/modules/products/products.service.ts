import { type StateCode, TEXTS } from '@farmstand/shared';
import { meatListingViolation } from '@farmstand/shared/labels/meat-rules';
import { KIND_QUESTIONS, productKind, productKindViolation } from '@farmstand/shared/labels/product-kinds';
import { sellerTypeViolation } from '@farmstand/shared/labels/seller-types';
import {
  type AvailabilityRequest,
  type MyProductsResponse,
  type ProductInput,
  REGULATED_TEXTS,
  regulatedCategoryViolation,
  VARIANT_OWNED_TEXTS,
  withDefaultPriceUnits,
} from '@farmstand/shared/schemas/products';
import { SHARE_PRICE_UNIT } from '@farmstand/shared/schemas/shares';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import { defaultTaxClass } from '@farmstand/shared/tax/questions';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { forgetPublicProduct, type PublicProductBody } from '../../lib/public-products';
import type { AuthUser } from '../../plugins/auth';
import { effectiveSubscriptionStatus, findSubscription } from '../billing';
import { findProducerByUserId, isProductListed, lockProducerByUserId } from '../producers';
import { canManageProduct, canViewProduct } from './products.policy';
import { presentProduct } from './products.presenter';
import * as repo from './products.repository';
import { assertShareTermsFit } from './share-terms';
import { replaceVariants, summarizeVariants } from './variants';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PROFILE_REQUIRED = 'Please create your producer profile before adding products';

const ownerView = { showContact: true };

function toValues(request: ProductInput): repo.ProductValues {
  // A price by the piece without a unit takes its category's usual one (the schema refused the rest).
  const input = withDefaultPriceUnits(request);
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    ...summarizeVariants(input),
    ...(input.share ? { priceUnit: SHARE_PRICE_UNIT } : {}),
    share: input.share,
    availability: input.availability,
    dayLimit: input.day_limit,
    inspection: input.inspection,
    establishmentNumber: input.establishment_number,
    originState: input.origin_state,
    seasonalStart: input.seasonal_start,
    seasonalEnd: input.seasonal_end,
    // The ordered list is the label's source; the spec's free-text field follows it for other readers.
    ingredients: input.ingredient_list.length > 0 ? input.ingredient_list.join(', ') : input.ingredients,
    ingredientList: input.ingredient_list,
    netQuantity: input.net_quantity,
    netUnit: input.net_unit,
    allergens: input.allergens,
    allergensConfirmedAbsent: input.allergens_confirmed_absent,
    sellerType: input.seller_type,
    requiredCertifications: input.required_certifications,
    pickupInstructions: input.pickup_instructions,
  };
}

/**
 * A changed product's tax class (decision 574): the one sent; else its own, unless its category
 * changed, then the new category's (a client that does not know the field never keeps a craft's
 * class on what became produce).
 */
function taxClassOnUpdate(current: { category: string; taxClass: TaxClass }, input: ProductInput): TaxClass {
  if (input.tax_class !== null) return input.tax_class;
  return current.category === input.category ? current.taxClass : defaultTaxClass(input.category);
}

/** The field a broken regulated-category rule names in the 400 answer. */
const REGULATED_FIELD: Record<string, string> = {
  [REGULATED_TEXTS.herdshareVolume]: 'price_unit',
  [REGULATED_TEXTS.herdshareMilkSale]: 'description',
  [REGULATED_TEXTS.petFoodLabel]: 'description',
};

/**
 * The product rules beyond its schema, for the farm's state: the first broken one with the field it
 * names, or null. The form's writes and the catalogue import both ask this (decision 585).
 */
export function productRuleViolation(input: ProductInput, producerState: string): { message: string; path: string } | null {
  const violation = regulatedCategoryViolation(input, producerState);
  if (violation) return { message: violation, path: REGULATED_FIELD[violation] ?? 'category' };
  // Each kind of product is asked its own questions; another kind's answers are refused (decision 550).
  const kindRule = productKindViolation(input);
  if (kindRule) return kindRule;
  // "Made under" is a cottage and packaged food's question; fresh produce is grown, not made.
  const sellerRule = KIND_QUESTIONS[productKind(input.category, input.share !== null)].madeUnder
    ? sellerTypeViolation(input, producerState as StateCode)
    : null;
  if (sellerRule) return { message: sellerRule, path: 'seller_type' };
  return meatListingViolation(input);
}

function assertRegulatedRules(input: ProductInput, producerState: string): void {
  const broken = productRuleViolation(input, producerState);
  if (broken) throw badRequest(broken.message, broken.path);
}

/** The variant cap is a platform setting (features.max_variants_per_product); products count, not variants. */
export const variantCapMessage = (cap: number) => `A product can have at most ${cap} variants`;

async function assertVariantCap(ctx: AppContext, input: ProductInput): Promise<void> {
  const cap = (await ctx.settings.get('features')).max_variants_per_product;
  if (input.variants.length > cap) throw badRequest(variantCapMessage(cap), 'variants');
}

export type ProductLimit = { limit: number; onPlan: boolean; trialLimit: number; planLimit: number };

/**
 * How many active products this farm may list now (decision 551): the trial's limit
 * (max_products_per_producer, the spec's 10), or with a plan (active, an admin's grant, or cancelled
 * and running to its period's end) max_products_subscribed.
 */
export async function productLimit(ctx: AppContext, userId: number, db = ctx.db): Promise<ProductLimit> {
  const features = await ctx.settings.get('features', db);
  const onPlan = effectiveSubscriptionStatus(await findSubscription(db, userId), ctx.clock.now()) === 'active';
  const trialLimit = features.max_products_per_producer;
  const planLimit = Math.max(features.max_products_subscribed, trialLimit);
  return { limit: onPlan ? planLimit : trialLimit, onPlan, trialLimit, planLimit };
}

/** The 409 of a full catalogue: what the limit is and what lifts it. */
export function productLimitMessage({ onPlan, trialLimit, planLimit }: ProductLimit): string {
  if (onPlan)
    return `${TEXTS.productLimitReached}: your plan lists up to ${planLimit} active products. Delete one to add another.`;
  return `${TEXTS.productLimitReached}: up to ${trialLimit} active products during the free trial. Choose a plan to list up to ${planLimit}, or delete one to add another.`;
}

/** The product if this user may change it: 404 when missing, 403 when someone else's. */
export async function loadManageableProduct(ctx: AppContext, user: AuthUser, id: number, db = ctx.db) {
  const row = await repo.findProductWithProducer(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  if (!canManageProduct(user, row))
    throw forbidden('This is another farm’s product: only its own farm manages it, its labels included');
  return row;
}

async function reload(ctx: AppContext, id: number, db = ctx.db) {
  const row = await repo.findProductWithProducer(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return presentProduct(row, ownerView);
}

export async function getProduct(ctx: AppContext, viewer: AuthUser | null, id: number) {
  const row = await ctx.reads.productPage(id);
  // Hidden products answer exactly like missing ones, so their existence does not leak.
  if (!row || !canViewProduct(viewer, row)) throw notFound(PRODUCT_NOT_FOUND);
  return presentProduct(row, { showContact: viewer !== null });
}

/** A guest's product page as serialized JSON, from the short per-instance cache. */
export async function getPublicProductBody(ctx: AppContext, id: number): Promise<string> {
  const body: PublicProductBody = await ctx.publicProducts.get(id, async () => {
    const row = await ctx.reads.productPage(id);
    if (!row || !canViewProduct(null, row)) return null;
    return { product: presentProduct(row, { showContact: false }) };
  });
  if (body === null) throw notFound(PRODUCT_NOT_FOUND);
  return body;
}

/** Runs a committed write, then drops the product's cached public page on this instance. */
async function thenForget<T>(ctx: AppContext, id: number, write: Promise<T>): Promise<T> {
  const result = await write;
  forgetPublicProduct(ctx, id);
  return result;
}

export async function listMyProducts(ctx: AppContext, user: AuthUser): Promise<MyProductsResponse> {
  const features = await ctx.settings.get('features');
  const limit = await productLimit(ctx, user.id);
  const producer = await findProducerByUserId(ctx.db, user.id);
  const rows = producer ? await repo.listProductsOfProducer(ctx.db, producer.id) : [];
  return {
    products: rows.map((row) => presentProduct(row, ownerView)),
    // Counted as the limit counts (countActiveProducts): removed by an admin takes no slot.
    active_count: rows.filter((row) => isProductListed(row.product)).length,
    max_products: limit.limit,
    on_plan: limit.onPlan,
    trial_max_products: limit.trialLimit,
    plan_max_products: limit.planLimit,
    max_images_per_product: features.max_images_per_product,
    max_variants_per_product: features.max_variants_per_product,
  };
}

export async function createProduct(ctx: AppContext, user: AuthUser, input: ProductInput) {
  const limit = await productLimit(ctx, user.id);
  await assertVariantCap(ctx, input);
  return ctx.db.transaction(async (tx) => {
    // The lock makes two simultaneous creations count one after the other.
    const producer = await lockProducerByUserId(tx, user.id);
    if (!producer) throw forbidden(PROFILE_REQUIRED);
    assertRegulatedRules(input, producer.state);
    if ((await repo.countActiveProducts(tx, producer.id)) >= limit.limit) throw conflict(productLimitMessage(limit));
    const id = await insertProductIn(tx, producer.id, input);
    return { product_id: id, product: await reload(ctx, id, tx) };
  });
}

/** The farm's own codes a catalogue row gives (decision 585); absent, the form's writes leave them. */
export type ProductCodes = { sku: string | null; variantSkus: (string | null)[] };

/** A new product's rows inside the caller's transaction (its rules already checked): its id. */
export async function insertProductIn(tx: Db, producerId: number, input: ProductInput, codes?: ProductCodes): Promise<number> {
  const row = await repo.insertProduct(tx, producerId, {
    ...toValues(input),
    ...(codes ? { sku: codes.sku } : {}),
    taxClass: input.tax_class ?? defaultTaxClass(input.category),
  });
  await replaceVariants(tx, row.id, withCodes(withDefaultPriceUnits(input).variants, codes));
  return row.id;
}

/** A product's change inside the caller's transaction (its rules already checked). */
export async function changeProductIn(
  ctx: AppContext,
  tx: Db,
  row: repo.ProductWithProducer,
  input: ProductInput,
  codes?: ProductCodes,
): Promise<void> {
  const id = row.product.id;
  await assertShareTermsFit(tx, id, input.share, ctx.clock.now());
  await replaceVariants(tx, id, withCodes(withDefaultPriceUnits(input).variants, codes));
  await repo.updateProduct(tx, id, {
    ...toValues(input),
    ...(codes ? { sku: codes.sku } : {}),
    taxClass: taxClassOnUpdate(row.product, input),
  });
}

const withCodes = <V>(variants: V[], codes?: ProductCodes) =>
  codes ? variants.map((variant, i) => ({ ...variant, sku: codes.variantSkus[i] ?? null })) : variants;

export async function updateProduct(ctx: AppContext, user: AuthUser, id: number, input: ProductInput) {
  await assertVariantCap(ctx, input);
  return thenForget(
    ctx,
    id,
    ctx.db.transaction(async (tx) => {
      const row = await loadManageableProduct(ctx, user, id, tx);
      assertRegulatedRules(input, row.producer.state);
      await changeProductIn(ctx, tx, row, input);
      return reload(ctx, id, tx);
    }),
  );
}

/** Soft delete (spec 02 §4): the row stays, with its images, so the owner can restore it. */
export async function deleteProduct(ctx: AppContext, user: AuthUser, id: number) {
  return thenForget(
    ctx,
    id,
    ctx.db.transaction(async (tx) => {
      await loadManageableProduct(ctx, user, id, tx);
      await repo.updateProduct(tx, id, { active: false });
      return reload(ctx, id, tx);
    }),
  );
}

/** Bringing a deleted product back takes a slot again, so the limit applies. */
export async function restoreProduct(ctx: AppContext, user: AuthUser, id: number) {
  return thenForget(
    ctx,
    id,
    ctx.db.transaction(async (tx) => {
      const row = await loadManageableProduct(ctx, user, id, tx);
      if (row.product.active) return reload(ctx, id, tx);
      await lockProducerByUserId(tx, row.producer.userId);
      // The owner's limit, also when an admin restores it.
      const limit = await productLimit(ctx, row.producer.userId, tx);
      if ((await repo.countActiveProducts(tx, row.producer.id)) >= limit.limit) throw conflict(productLimitMessage(limit));
      await repo.updateProduct(tx, id, { active: true });
      return reload(ctx, id, tx);
    }),
  );
}

/** Leaving 'seasonal' clears the season dates: they only mean something for seasonal products. */
export async function updateAvailability(ctx: AppContext, user: AuthUser, id: number, input: AvailabilityRequest) {
  return thenForget(
    ctx,
    id,
    ctx.db.transaction(async (tx) => {
      const row = await loadManageableProduct(ctx, user, id, tx);
      // A product with variants counts stock per variant: a product-level count would be lost.
      if (row.variants.length > 0 && input.stock_quantity != null)
        throw badRequest(VARIANT_OWNED_TEXTS.stock_quantity, 'stock_quantity');
      await repo.updateProduct(tx, id, {
        availability: input.availability,
        ...(input.stock_quantity !== undefined ? { stockQuantity: input.stock_quantity } : {}),
        ...(input.availability !== 'seasonal' ? { seasonalStart: null, seasonalEnd: null } : {}),
      });
      return reload(ctx, id, tx);
    }),
  );
}

/** For the public producer page. */
export async function listPublicProducts(ctx: AppContext, producerId: number, limit: number, showContact: boolean) {
  const rows = await repo.listPublicProductsOfProducer(ctx.db, producerId, limit);
  return rows.map((row) => presentProduct(row, { showContact }));
}
