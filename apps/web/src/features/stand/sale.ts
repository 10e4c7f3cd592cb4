import {
  checkTender,
  type BasketLine as PlanLine,
  snapMayPay,
  type TenderPlan,
  tenderPlan,
} from '@farmstand/shared/benefits/eligibility';
import { type BenefitTable, type Incentive, TENDER_KINDS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import type { StateCode } from '@farmstand/shared/constants/catalog';
import { toMilli, weighedLineCents } from '@farmstand/shared/format/by-weight';
import { centsOf, formatCents } from '@farmstand/shared/format/money';
import type { TendersRequest } from '@farmstand/shared/schemas/benefits';
import type { StandCatalog, StandLine, StandSaleAction } from '@farmstand/shared/schemas/stand';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import { saleTaxIn, snapParts, taxState } from '@farmstand/shared/tax/compute';
import type { Tile } from './tiles';

/**
 * A walk-up sale as the phone rings it up (decision 577): the basket's lines and their amounts by
 * the by-weight rule, the tender plan by the shared benefit rules (the same the server checks),
 * and the tax by the shared `saleTaxIn`, never on the part SNAP pays. Pure functions, integer cents.
 */

/** One basket line: a tile and its quantity, or, sold by weight, one weight per pack (thousandths of the unit). */
export type SaleLine = { tile: Tile; quantity: number; weightsMilli: number[] | null };

export function lineCents(line: SaleLine): number {
  if (line.weightsMilli) return weighedLineCents(line.tile.priceCents, line.weightsMilli);
  return centsOf(line.tile.priceCents, line.quantity);
}

/** Adds one unit of a tile (a by-weight tile: one pack of `weightMilli`). */
export function addToBasket(lines: readonly SaleLine[], tile: Tile, weightMilli: number | null = null): SaleLine[] {
  const found = lines.find((line) => line.tile.key === tile.key);
  if (!found)
    return [...lines, { tile, quantity: 1, weightsMilli: tile.weightUnit && weightMilli !== null ? [weightMilli] : null }];
  return lines.map((line) =>
    line !== found
      ? line
      : {
          ...line,
          quantity: line.quantity + 1,
          weightsMilli: line.weightsMilli && weightMilli !== null ? [...line.weightsMilli, weightMilli] : line.weightsMilli,
        },
  );
}

/** One fewer (a by-weight line: its last pack); the line goes at 0. */
export function removeOne(lines: readonly SaleLine[], key: string): SaleLine[] {
  return lines.flatMap((line) => {
    if (line.tile.key !== key) return [line];
    if (line.quantity <= 1) return [];
    return [{ ...line, quantity: line.quantity - 1, weightsMilli: line.weightsMilli?.slice(0, -1) ?? null }];
  });
}

/** The register's order: what most sales are paid with first, so "Cash exact" is in reach. */
const REGISTER_ORDER = ['cash', 'card', 'snap', 'wic_fmnp', 'senior_fmnp', 'incentive', 'check', 'farm_credit', 'other'];

/** The tenders the farm takes today, in the register's order. */
export function acceptedKinds(catalog: StandCatalog, pointId: number | null = null): TenderKind[] {
  const known = (kind: string): kind is TenderKind => (TENDER_KINDS as readonly string[]).includes(kind);
  const order = [...REGISTER_ORDER, ...TENDER_KINDS.filter((kind) => !REGISTER_ORDER.includes(kind))];
  // Incentive tokens only where the place the phone sells at is one of the incentive's markets.
  const offered = (kind: TenderKind) => kind !== 'incentive' || incentiveOf(catalog, pointId) !== null;
  return order.filter((kind): kind is TenderKind => known(kind) && catalog.tenders.kinds.includes(kind) && offered(kind));
}

/** The benefit plan of the basket: what SNAP, the coupons and the incentive may pay (shared rules). */
export function planOf(
  lines: readonly SaleLine[],
  catalog: StandCatalog,
  table: BenefitTable,
  pointId: number | null = null,
): TenderPlan {
  const planLines: PlanLine[] = lines.map((line) => ({
    totalCents: lineCents(line),
    product: line.tile.product.benefit_product as PlanLine['product'],
  }));
  return tenderPlan(
    planLines,
    { state: catalog.farm.state as StateCode, kinds: acceptedKinds(catalog, pointId), table },
    incentiveOf(catalog, pointId),
  );
}

/**
 * The incentive offered where the sale is made: the catalogue's, at a place that is one of its
 * participating markets (decision 540); none at the farm's own stand.
 */
export function incentiveOf(catalog: StandCatalog, pointId: number | null = null): Incentive | null {
  const incentive = (catalog.tenders.incentive as Incentive | null) ?? null;
  const places = catalog.places ?? [];
  const place = places.find((p) => p.id === pointId) ?? places[0];
  if (place && place.incentive_market === null) return null;
  return incentive;
}

/** The place the phone sells at: the one chosen on the device if the farm still has it, else the first. */
export function placeOf(catalog: StandCatalog, chosen: number | null) {
  const places = catalog.places ?? [];
  return places.find((p) => p.id === chosen) ?? places[0] ?? null;
}

/**
 * The part of each line SNAP pays, by the rule the server stores the sale with
 * (`tax/compute.ts#snapParts`): over the lines SNAP may pay at this farm, highest tax rate first.
 */
export function snapShares(lines: readonly SaleLine[], snapCents: number, catalog: StandCatalog, table: BenefitTable): number[] {
  const accepted = { state: catalog.farm.state as StateCode, kinds: acceptedKinds(catalog), table };
  return snapParts(
    taxState(catalog.farm.state),
    lines.map((line) => ({
      totalCents: lineCents(line),
      taxClass: line.tile.product.tax_class as TaxClass,
      snapMay: snapMayPay(accepted, line.tile.product.benefit_product as PlanLine['product']),
    })),
    snapCents,
  ).map((line) => line.snapCents);
}

export type SaleTotals = {
  linesCents: number;
  taxCents: number;
  taxableCents: number;
  exemptCents: number;
  totalCents: number;
  ratePercent: number;
};

/** The basket's amounts with the tax of the farm's state, SNAP's part untaxed. */
export function totalsOf(lines: readonly SaleLine[], catalog: StandCatalog, table: BenefitTable, snapCents = 0): SaleTotals {
  const shares = snapShares(lines, snapCents, catalog, table);
  const tax = saleTaxIn(
    catalog.farm.state,
    lines.map((line, index) => ({
      totalCents: lineCents(line),
      taxClass: line.tile.product.tax_class as TaxClass,
      snapCents: shares[index],
    })),
  );
  const linesCents = lines.reduce((sum, line) => sum + lineCents(line), 0);
  return {
    linesCents,
    taxCents: tax.taxCents,
    taxableCents: tax.taxableCents,
    exemptCents: tax.exemptCents,
    totalCents: linesCents + tax.taxCents,
    ratePercent: tax.ratePercent,
  };
}

/** What the person at the till entered: cents per kind, and for cash what was handed over. */
export type TenderEntry = Partial<Record<TenderKind, number>>;

export type Settlement = {
  /** What is recorded: cash is what stays in the box (given less change). */
  tenders: TendersRequest;
  paidCents: number;
  leftCents: number;
  changeCents: number;
  /** Why it cannot be done yet, or null when the sale may be completed. */
  problem: string | null;
};

/**
 * Settles the entered tenders against the total due: every tender but cash pays exactly (benefits
 * and cards give no change), cash may be more than what is left and the difference is change due.
 * The recorded tenders then add up to the total exactly, and pass the shared refusal rule.
 */
export function settle(entry: TenderEntry, totalCents: number, plan: TenderPlan | null, incentive: Incentive | null): Settlement {
  const nonCash = TENDER_KINDS.filter((kind) => kind !== 'cash').reduce((sum, kind) => sum + (entry[kind] ?? 0), 0);
  const cashGiven = entry.cash ?? 0;
  const cashKept = Math.max(0, Math.min(cashGiven, totalCents - nonCash));
  const changeCents = cashGiven - cashKept;
  const paidCents = nonCash + cashKept;
  const tenders: TendersRequest = {};
  for (const kind of TENDER_KINDS) {
    const cents = kind === 'cash' ? cashKept : (entry[kind] ?? 0);
    if (cents > 0) tenders[kind] = cents;
  }
  let problem: string | null = null;
  if (nonCash > totalCents)
    problem = `The tenders other than cash add up to ${formatCents(nonCash)}, more than the ${formatCents(totalCents)} due: they give no change`;
  else if (paidCents < totalCents) problem = `${formatCents(totalCents - paidCents)} left to pay`;
  else if (plan) problem = checkTender({ ...plan, totalCents }, tenders, incentive);
  return { tenders, paidCents, leftCents: Math.max(0, totalCents - paidCents), changeCents, problem };
}

/** The action's lines: by-weight lines carry each pack's weight in the product's unit. */
export function standLines(lines: readonly SaleLine[]): StandLine[] {
  return lines.map((line) => ({
    productId: line.tile.productId,
    variantId: line.tile.variantId,
    quantity: line.quantity,
    weights: line.weightsMilli ? line.weightsMilli.map((milli) => milli / 1000) : null,
  }));
}

/** A refused sale's lines back in a basket, to ring up again (the tiles of the catalogue now; lines no longer sold are left out). */
export function linesOfSale(action: StandSaleAction, tiles: readonly Tile[]): SaleLine[] {
  return action.lines.flatMap((line) => {
    const tile = tiles.find((t) => t.productId === line.productId && t.variantId === (line.variantId ?? null));
    if (!tile) return [];
    return [{ tile, quantity: line.quantity, weightsMilli: line.weights ? line.weights.map((w) => toMilli(w)) : null }];
  });
}
