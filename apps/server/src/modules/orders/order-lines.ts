import {
  type ByWeight,
  type Estimate,
  formatAmountToPay,
  lineEstimate,
  linesToWeighText,
  MAX_PACK_WEIGHT,
  toMilli,
  type WeightUnit,
  weighedLineCents,
} from '@farmstand/shared/format/by-weight';
import { type Cents, centsOf } from '@farmstand/shared/format/money';
import { formatOrderLine, lineName } from '@farmstand/shared/format/quantity';
import type { AppContext } from '../../lib/context';
import { type AppError, badRequest, conflict } from '../../lib/errors';
import { isProductPublic } from '../producers';
import { type ItemRow, type OrderProduct, type VariantForOrder, variantsForOrder } from './orders.repository';

/**
 * What a basket line sells and what it costs (decision 510): the product itself, or the variant the
 * shopper chose; by the piece, or by weight with an estimate until its packs are weighed. Every
 * amount of an order line comes from `itemAmounts`, every order amount from `orderAmounts`.
 */

/** A line as every source names it: a product and, for a product sold by variant, one of its variants. */
export type LineRef = { productId: number; variantId: number | null };

/** The products and variants a set of lines names, read once, scoped to the farm by `checkLines`. */
export type LineProducts = { products: Map<number, OrderProduct>; variants: Map<number, VariantForOrder> };

/** Reads what the lines name (an unknown id is left out of the maps). */
export async function readLineProducts(ctx: AppContext, lines: readonly LineRef[]): Promise<LineProducts> {
  const [productRows, variants] = await Promise.all([
    ctx.reads.productsForOrder(lines.map((line) => line.productId)),
    variantsForOrder(
      ctx.db,
      lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])),
    ),
  ]);
  return { products: new Map(productRows.map((p) => [p.id, p])), variants };
}

/**
 * Why a line is not this farm's to sell at all, or null: the farm's own product, public (not
 * deleted, not unpublished, not removed by an admin, its farm listed), and a variant of that product.
 * The line is named by its place and ids, never by a name the caller may not see.
 */
export function lineRefusal(
  line: LineRef,
  index: number,
  found: LineProducts,
  producerUserId: number,
  now: Date,
  listing: ListingRule = 'public',
): AppError | null {
  const product = found.products.get(line.productId);
  if (!product || product.producerUserId !== producerUserId || (listing === 'public' && !isProductPublic(product, now)))
    return badRequest(
      `Line ${index + 1} (product ${line.productId}) is no longer listed by this producer; remove it and try again`,
      'items',
    );
  if (line.variantId === null) return null;
  if (!product.hasVariants) return badRequest(`${product.name} has no variants; reserve it without choosing one`, 'items');
  const variant = found.variants.get(line.variantId);
  if (!variant || variant.productId !== product.id)
    return badRequest(
      `Line ${index + 1}: variant ${line.variantId} is not one of ${product.name}'s; choose one of its own`,
      'items',
    );
  return null;
}

/**
 * The one line check, wherever lines enter (a basket, a standing reservation, a CSA box): each
 * line passes `lineRefusal` (else 400 naming the first that fails), and no product or variant
 * stands twice. Answers what the lines name, for the caller's further rules.
 */
export async function checkLines(
  ctx: AppContext,
  producerUserId: number,
  lines: readonly LineRef[],
  listing: ListingRule = 'public',
): Promise<LineProducts> {
  const keys = lines.map((line) => `${line.productId}:${line.variantId ?? ''}`);
  if (new Set(keys).size !== keys.length)
    throw badRequest('Each product (or variant) can be in the basket once; change its quantity instead', 'items');
  const found = await readLineProducts(ctx, lines);
  const now = ctx.clock.now();
  lines.forEach((line, index) => {
    const refused = lineRefusal(line, index, found, producerUserId, now, listing);
    if (refused) throw refused;
  });
  return found;
}

/** Each product's quantity over all its lines: the day limit, the quantity cap and stock judge these sums. */
export function quantityPerProduct(lines: readonly (LineRef & { quantity: number })[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}

/**
 * How a source treats stock (order-placement.ts#SOURCE_RULES): 'on-accept', a reservation: stock
 * must cover the lines now and is taken when the farm accepts; 'sold', a sale already made at the
 * stand: never refused for stock, taken at once even past what is left (decision 575);
 * 'at-placement', a market basket's part: judged as a reservation, taken when placed (decision 584).
 */
export type StockRule = 'on-accept' | 'at-placement' | 'sold';

/**
 * Which products a line may name (order-placement.ts#SOURCE_RULES): 'public', the farm's products
 * a shopper can see now (listed, approved, the farm's listing current); 'own', any of the farm's
 * own products: a sale already made at the stand is recorded even when the farm hid the product,
 * or its listing lapsed, after the phone kept its catalogue (decision 575), and an inactive variant
 * of it likewise.
 */
export type ListingRule = 'public' | 'own';

/** The price, unit and weight range a line copies onto the order (later edits never change it). */
export type LineOffer = {
  variantId: number | null;
  variantName: string | null;
  unitPriceCents: Cents;
  priceUnit: string | null;
  weightUnit: WeightUnit | null;
  packMin: number | null;
  packMax: number | null;
};

/**
 * The offer of one basket line that passed `lineRefusal`: a product with variants is sold only
 * through one of them (active, not sold out); a product without variants is sold itself. Stock is checked by
 * the caller against the returned stock (the variant's when there is one).
 */
export function lineOffer(
  product: OrderProduct,
  variantId: number | null,
  variants: Map<number, VariantForOrder>,
  stock: StockRule = 'on-accept',
): LineOffer & { stockQuantity: number | null } {
  if (!product.hasVariants) {
    return {
      variantId: null,
      variantName: null,
      unitPriceCents: product.priceCents ?? 0,
      priceUnit: product.priceUnit,
      weightUnit: product.weightUnit,
      packMin: product.packMin,
      packMax: product.packMax,
      stockQuantity: product.stockQuantity,
    };
  }
  if (variantId === null) throw badRequest(`Choose a variant of ${product.name}`, 'items');
  const variant = variants.get(variantId);
  // A sale already made ('sold') is recorded even for a variant the farm has since switched off.
  if (!variant || variant.productId !== product.id || (!variant.active && stock !== 'sold')) {
    throw badRequest(`That variant of ${product.name} is no longer offered; choose another`, 'items');
  }
  const name = lineName(product.name, variant.name);
  if (variant.priceCents === null) throw badRequest(`${name} has no price yet: send the producer an inquiry instead`, 'items');
  if (stock !== 'sold' && (variant.availability === 'sold_out' || variant.stockQuantity === 0))
    throw badRequest(`${name} is sold out`, 'items');
  return {
    variantId: variant.id,
    variantName: variant.name,
    unitPriceCents: variant.priceCents,
    priceUnit: variant.priceUnit,
    weightUnit: variant.weightUnit,
    packMin: variant.packMin,
    packMax: variant.packMax,
    stockQuantity: variant.stockQuantity,
  };
}

type PricedLine = Pick<ItemRow, 'unitPriceCents' | 'quantity' | 'weightUnit' | 'packMin' | 'packMax' | 'weights'>;

/** The line's by-weight offer, or null when it is sold by the piece. */
export function byWeightOfLine(line: Pick<ItemRow, 'unitPriceCents' | 'weightUnit' | 'packMin' | 'packMax'>): ByWeight | null {
  if (line.weightUnit === null || line.packMin === null || line.packMax === null) return null;
  return {
    priceCents: line.unitPriceCents,
    unit: line.weightUnit,
    minMilli: toMilli(line.packMin),
    maxMilli: toMilli(line.packMax),
  };
}

/** A line's amount in cents: exact by the piece, weighed once its packs are, else the estimate and its range. */
export function itemAmounts(line: PricedLine): Estimate & { weighed: boolean } {
  const offer = byWeightOfLine(line);
  if (offer === null) {
    const exact = centsOf(line.unitPriceCents, line.quantity);
    return { estimateCents: exact, minCents: exact, maxCents: exact, weighed: false };
  }
  if (line.weights !== null && line.weights.length === line.quantity) {
    const final = weighedLineCents(offer.priceCents, line.weights.map(toMilli));
    return { estimateCents: final, minCents: final, maxCents: final, weighed: true };
  }
  return { ...lineEstimate(offer, line.quantity), weighed: false };
}

/**
 * An order's amounts in cents: the lines plus the delivery fee. `estimated` while a by-weight line
 * waits for its weights; `totalCents` is then the weighed lines' prices plus the others' estimates,
 * and the final amount once all are weighed. `linesToWeigh` and `linesWeighed` count the by-weight
 * lines still to weigh and weighed; `soFarCents` is what is known for sure (lines by the piece,
 * weighed lines, the fee): a partly weighed order says "so far" (by-weight.ts#formatAmountToPay).
 */
export function orderAmounts(lines: PricedLine[], fee: Cents) {
  let subtotal = 0;
  let min = 0;
  let max = 0;
  let known = 0;
  let byWeight = false;
  let linesToWeigh = 0;
  let linesWeighed = 0;
  for (const line of lines) {
    const amounts = itemAmounts(line);
    subtotal += amounts.estimateCents;
    min += amounts.minCents;
    max += amounts.maxCents;
    if (line.weightUnit !== null) byWeight = true;
    if (line.weightUnit !== null && line.quantity > 0) {
      if (amounts.weighed) linesWeighed += 1;
      else linesToWeigh += 1;
    }
    if (line.weightUnit === null || amounts.weighed) known += amounts.estimateCents;
  }
  return {
    subtotalCents: subtotal,
    totalCents: subtotal + fee,
    minCents: min + fee,
    maxCents: max + fee,
    soFarCents: known + fee,
    byWeight,
    estimated: linesToWeigh > 0,
    linesToWeigh,
    linesWeighed,
  };
}

/**
 * A by-weight line's packs as every weighing checks them (the farm's pickup screen, the stand's
 * pickups and its walk-up sales): the line is sold by weight, one weight per pack, each at most
 * MAX_PACK_WEIGHT in the line's own unit (2,000 lb, not the 32,000 that ounces allow). Answers the
 * line's by-weight offer; a 400 naming the line otherwise.
 */
export function checkedPackWeights(
  line: Pick<ItemRow, 'unitPriceCents' | 'quantity' | 'weightUnit' | 'packMin' | 'packMax' | 'productName' | 'variantName'>,
  weights: readonly number[],
): ByWeight {
  const name = lineName(line.productName, line.variantName);
  const offer = byWeightOfLine(line);
  if (offer === null) throw badRequest(`${name} is sold by the piece: it has nothing to weigh`, 'weights');
  if (weights.length !== line.quantity)
    throw badRequest(`Give ${line.quantity} ${line.quantity === 1 ? 'weight' : 'weights'}, one per pack of ${name}`, 'weights');
  if (weights.some((w) => w > MAX_PACK_WEIGHT[offer.unit]))
    throw badRequest(
      `A pack of ${name} can weigh at most ${MAX_PACK_WEIGHT[offer.unit].toLocaleString('en-US')} ${offer.unit}; check the scale and the unit`,
      'weights',
    );
  return offer;
}

/** Whether a line still waits for its packs' weights before its amount is final. */
export const toWeigh = (line: PricedLine) => line.weightUnit !== null && line.quantity > 0 && !itemAmounts(line).weighed;

/**
 * The one rule of every hand-over (the farm's booth, its stand, the market's checkout): the amount
 * paid is final, so an order with a by-weight line still to weigh is refused, naming those lines
 * (and the farm that weighs them, when someone else hands the order over). Null when every pack is
 * weighed.
 */
export function weighFirstRefusal(
  lines: (PricedLine & Pick<ItemRow, 'productName' | 'variantName'>)[],
  farm?: string,
): AppError | null {
  const unweighed = lines.filter(toWeigh);
  if (unweighed.length === 0) return null;
  const names = unweighed.map((line) => lineName(line.productName, line.variantName)).join(', ');
  const weigh = farm ? `${farm} weighs ${names} first, on its own pickup screen` : `Weigh ${names} first`;
  return conflict(`${weigh} (${linesToWeighText(unweighed.length)}): the amount to pay is final once every pack is weighed`);
}

/** An order's lines as its mails write them (one wording with the slips and cards: packages/shared). */
/** What a mail, slip or card needs of a line to write it. */
export type WordedLine = Pick<
  ItemRow,
  'quantity' | 'productName' | 'variantName' | 'priceUnit' | 'weightUnit' | 'packMin' | 'packMax'
>;

/** A line in the one wording of mails (packages/shared `formatOrderLine`, decision 544): "2 dozen Eggs", "2 packs × 1.5–2.5 lb (3–5 lb) Tomatoes". */
export function mailLine(item: WordedLine): string {
  return formatOrderLine({
    quantity: item.quantity,
    name: item.productName,
    variantName: item.variantName,
    priceUnit: item.priceUnit,
    weightUnit: item.weightUnit,
    packMin: item.packMin,
    packMax: item.packMax,
  });
}

/** The lines an order still holds (a line shorted to nothing is left out), in the one wording. */
export function mailLines(items: readonly WordedLine[]): string[] {
  return items.filter((item) => item.quantity > 0).map(mailLine);
}

/** What the shopper pays, as mails write it: the total, the estimate with its range until weighed, or so far while partly weighed. */
export function mailAmount(items: readonly ItemRow[], deliveryFeeCents: Cents): string {
  const amounts = orderAmounts([...items], deliveryFeeCents);
  return formatAmountToPay({
    estimateCents: amounts.totalCents,
    minCents: amounts.minCents,
    maxCents: amounts.maxCents,
    soFarCents: amounts.soFarCents,
    linesToWeigh: amounts.linesToWeigh,
    linesWeighed: amounts.linesWeighed,
  });
}
