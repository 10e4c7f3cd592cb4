/**
 * Selling by weight: the one money rule (docs/decisions/510).
 *
 * A by-weight offer has a price per weight unit (lb or oz) and a pack weight range (min–max; an
 * average pack is min = max). Money is integer cents and weights are integer thousandths of the
 * weight unit ("milli"), so every step is exact:
 *
 *   pack price  = weight × price per unit, rounded to the nearest cent, halves up;
 *   line        = the sum of its packs' prices (each pack is weighed and priced on its own);
 *   order       = the sum of its lines + the delivery fee.
 *
 * The estimate prices each pack at the middle of its range, the range at its ends, by the same rule.
 * Stock, limits and the quantity a shopper picks stay counted in packs.
 */

import { formatCents, toCents } from './money';

export const WEIGHT_UNITS = ['lb', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The heaviest pack anyone may type, per unit (a whole hog's hanging weight stays far below it). */
export const MAX_PACK_WEIGHT: Record<WeightUnit, number> = { lb: 2000, oz: 32000 };

/** A typed weight outside [range min × LOW, range max × HIGH] must be confirmed before it is saved. */
export const FAR_OUTSIDE = { low: 0.5, high: 1.5 } as const;

/** A by-weight offer: price per unit in cents, pack range in thousandths of the unit. */
export type ByWeight = { priceCents: number; unit: WeightUnit; minMilli: number; maxMilli: number };

/** A weight in its unit (3 decimals at most) → thousandths, exactly. */
export const toMilli = (weight: number | string): number => Math.round(Number(weight) * 1000);

/** Weight × price per unit, rounded to the nearest cent, halves up. */
export function packCents(priceCents: number, weightMilli: number): number {
  return Math.floor((priceCents * weightMilli + 500) / 1000);
}

/** The price of one pack at the middle of its range (the same rule; the middle may be half a milli). */
export function packEstimateCents(offer: ByWeight): number {
  return Math.floor((offer.priceCents * (offer.minMilli + offer.maxMilli) + 1000) / 2000);
}

export type Estimate = { estimateCents: number; minCents: number; maxCents: number };

/** `quantity` packs of a by-weight offer: the estimate and its range. */
export function lineEstimate(offer: ByWeight, quantity: number): Estimate {
  return {
    estimateCents: packEstimateCents(offer) * quantity,
    minCents: packCents(offer.priceCents, offer.minMilli) * quantity,
    maxCents: packCents(offer.priceCents, offer.maxMilli) * quantity,
  };
}

/** The final price of a weighed line: each pack priced on its own weight. */
export function weighedLineCents(priceCents: number, weightsMilli: number[]): number {
  return weightsMilli.reduce((sum, w) => sum + packCents(priceCents, w), 0);
}

/** True when a typed weight is far enough outside the pack range that the producer must confirm it. */
export function isFarOutside(offer: Pick<ByWeight, 'minMilli' | 'maxMilli'>, weightMilli: number): boolean {
  return weightMilli < offer.minMilli * FAR_OUTSIDE.low || weightMilli > offer.maxMilli * FAR_OUTSIDE.high;
}

/** "1.3", "1.25", "12": a weight in thousandths as people write it. */
export function formatWeight(milli: number): string {
  return String(Math.round(milli) / 1000);
}

/** "1.3–1.6 lb", or "1.5 lb" for an average pack. */
export function formatPackRange(offer: Pick<ByWeight, 'unit' | 'minMilli' | 'maxMilli'>): string {
  const range =
    offer.minMilli === offer.maxMilli
      ? formatWeight(offer.minMilli)
      : `${formatWeight(offer.minMilli)}–${formatWeight(offer.maxMilli)}`;
  return `${range} ${offer.unit}`;
}

/** "≈ $14.20 (1.3–1.6 lb at $9.99/lb)": one pack, as cards, the product page and the basket show it. */
export function formatByWeight(offer: ByWeight): string {
  return `≈ ${formatCents(packEstimateCents(offer))} (${formatPackRange(offer)} at ${formatCents(offer.priceCents)}/${offer.unit})`;
}

/** "≈ $28.40 ($26.00–$31.20)": an estimated amount with its range; a range of one amount is just "≈ $28.40". */
export function formatEstimate(estimate: Estimate): string {
  if (estimate.minCents === estimate.maxCents) return `≈ ${formatCents(estimate.estimateCents)}`;
  return `≈ ${formatCents(estimate.estimateCents)} (${formatCents(estimate.minCents)}–${formatCents(estimate.maxCents)})`;
}

/**
 * Where an order's amount to pay stands while its by-weight lines are weighed (decision 549). The
 * API's flags of an order say the same: `estimated` (some line still waits), `lines_to_weigh`,
 * `lines_weighed` and `total_so_far`.
 *
 * - `estimateCents`, `minCents`, `maxCents`: the total (weighed lines at their price, the others at
 *   their estimate) and its range, with the delivery fee;
 * - `linesToWeigh`: by-weight lines not weighed yet; `linesWeighed`: those weighed;
 * - `soFarCents`: what is known for sure: lines by the piece, weighed lines and the delivery fee.
 */
export type AmountToPay = Estimate & { linesToWeigh: number; linesWeighed: number; soFarCents: number };

/**
 * `final` once nothing waits for weighing; `estimate` while no by-weight line is weighed yet;
 * `so_far` while some are weighed and others are not: a mix of final prices and estimates is
 * neither, so it is said as what is known so far and what is left to weigh.
 */
export type AmountStage = 'final' | 'estimate' | 'so_far';

export function amountStage(amount: Pick<AmountToPay, 'linesToWeigh' | 'linesWeighed'>): AmountStage {
  if (amount.linesToWeigh === 0) return 'final';
  return amount.linesWeighed > 0 ? 'so_far' : 'estimate';
}

/** "1 line still to weigh", "3 lines still to weigh". */
export const linesToWeighText = (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'} still to weigh`;

/**
 * The one wording of an amount to pay, wherever a total shows (cards, the payment dialog, slips,
 * mails): "$29.00"; before weighing "about $29.00 ($24.00–$34.00), the final price after
 * weighing"; partly weighed "so far $8.40, 1 line still to weigh" — never an estimate stated as
 * firm, nor a mix of weighed and estimated lines called an estimate.
 */
export function formatAmountToPay(amount: AmountToPay): string {
  const stage = amountStage(amount);
  if (stage === 'final') return formatCents(amount.estimateCents);
  if (stage === 'so_far') return `so far ${formatCents(amount.soFarCents)}, ${linesToWeighText(amount.linesToWeigh)}`;
  const range = amount.minCents === amount.maxCents ? '' : ` (${formatCents(amount.minCents)}–${formatCents(amount.maxCents)})`;
  return `about ${formatCents(amount.estimateCents)}${range}, the final price after weighing`;
}

/** An order as the API answers it (dollars), read as an amount to pay. */
export function amountOfOrder(order: {
  total: number;
  total_min: number;
  total_max: number;
  total_so_far: number;
  lines_to_weigh: number;
  lines_weighed: number;
}): AmountToPay {
  return {
    estimateCents: toCents(order.total),
    minCents: toCents(order.total_min),
    maxCents: toCents(order.total_max),
    soFarCents: toCents(order.total_so_far),
    linesToWeigh: order.lines_to_weigh,
    linesWeighed: order.lines_weighed,
  };
}

/** Shown wherever an estimated total is: basket, checkout, the order, mails. */
export const FINAL_AFTER_WEIGHING = 'Final price after weighing, paid at pickup';

/** The by-weight offer of an API object (product, variant or order line), or null when sold by the piece. */
export function byWeightOf(o: {
  price: number | null;
  weight_unit: WeightUnit | null;
  pack_min: number | null;
  pack_max: number | null;
}): ByWeight | null {
  if (o.weight_unit === null || o.price === null || o.pack_min === null || o.pack_max === null) return null;
  return { priceCents: toCents(o.price), unit: o.weight_unit, minMilli: toMilli(o.pack_min), maxMilli: toMilli(o.pack_max) };
}

/**
 * A share of an animal (decision 512), by the same rule: the hanging weight × the price per lb
 * rounded to the cent, halves up, plus the processing fees. The estimate uses the producer's
 * expected hanging weight and fees per share; the bill the weight and fees entered after processing,
 * less the deposit the farm received (negative when the deposit was more: the farm owes it back).
 */
export type ShareMoney = { pricePerLbCents: number; hangingMilli: number; feesCents: number };

/** One share's or one reservation's amount before the deposit. */
export function shareCents(money: ShareMoney): number {
  return packCents(money.pricePerLbCents, money.hangingMilli) + money.feesCents;
}

/** What the shopper pays at pickup: the bill less the deposit received. */
export function shareDueCents(money: ShareMoney, depositCents: number): number {
  return shareCents(money) - depositCents;
}
