import type { TenderKind } from '@farmstand/shared/benefits/programmes';
import { toMilli, weighedLineCents } from '@farmstand/shared/format/by-weight';
import { formatCents } from '@farmstand/shared/format/money';
import type { TaxClass } from '@farmstand/shared/tax/classes';
import { saleTaxIn, snapParts, taxState } from '@farmstand/shared/tax/compute';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { saveTenders, tenderColumns } from '../benefits';
import { salePlan } from './order-benefits';
import { byWeightOfLine, checkedPackWeights, itemAmounts, orderAmounts } from './order-lines';
import { checkDraft, placeDraft } from './order-placement';
import * as repo from './orders.repository';

/**
 * A walk-up sale at the farm's stand or market (decision 575): an order of the farm's own (its
 * customer is the farm, its source 'stand'), placed through `checkDraft`/`placeDraft` as the source
 * 'walk-up', paid and handed over at once at the sale's moment. Its tenders follow the one rule of
 * pickup orders (`salePlan`: SNAP only on eligible lines, coupons on the lines they cover, the
 * incentive by its programme and cap) and must pay the sale exactly, tax included (decision 576);
 * cash may be more (the change is the phone's to show): what stays is recorded.
 */

export type WalkUpLine = { productId: number; variantId: number | null; quantity: number; weights: number[] | null };

export type WalkUpSale = {
  pointId: number | null;
  /** The sale's moment (the caller keeps it out of the future). */
  at: Date;
  /** Who rang it up: the phone's name, on the order as its buyer's name. */
  device: string;
  lines: WalkUpLine[];
  tenders: Partial<Record<TenderKind, number>>;
  /** Each line's tax class (the product's when it was sold). */
  taxClassOf: (productId: number) => TaxClass;
  /**
   * False for the food of a pickup order the shopper cancelled meanwhile, recorded as a walk-up
   * sale at the order's prices, which carried no sales tax when it was reserved (decision 576).
   */
  taxed?: boolean;
  /** The buyer's name, when it is known (the shopper of a cancelled pickup). */
  name?: string;
};

/** The buyer's name a walk-up sale keeps (the monthly ledger and the day's books show it). */
export const walkUpName = (device: string) => `Walk-up sale (${device})`;

/**
 * Every rule of a walk-up sale that needs no lock, before any transaction: the one line check and
 * the order's rules (`checkDraft`, source 'walk-up'), each by-weight line's packs weighed (one
 * weight per pack, the rule of by-weight.ts), the tax of the lines (never on the SNAP-paid part),
 * and the tenders. Throws a 400 with the rule's own sentence; nothing is written.
 */
export async function checkWalkUp(ctx: AppContext, farm: AuthUser, sale: WalkUpSale) {
  const checked = await checkDraft(ctx, {
    source: { kind: 'walk-up' },
    shopper: farm,
    producerUserId: farm.id,
    pointId: sale.pointId,
    startsAt: sale.at,
    lines: sale.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
    shopperName: sale.name ?? walkUpName(sale.device),
    shopperPhone: null,
    deliveryAddress: null,
    note: null,
    plannedBenefits: [],
  });
  const estimate = checked.newOrder.totalCents;
  checked.newItems.forEach((item, index) => {
    const weights = sale.lines[index]?.weights ?? [];
    if (byWeightOfLine(item) === null && weights.length === 0) return;
    const offer = checkedPackWeights(item, weights);
    item.weights = weights;
    item.finalAmountCents = weighedLineCents(offer.priceCents, weights.map(toMilli));
  });
  const amounts = orderAmounts(checked.newItems, 0);
  Object.assign(checked.newOrder, {
    subtotalCents: amounts.subtotalCents,
    totalCents: amounts.totalCents,
    estimatedTotalCents: amounts.byWeight ? estimate : null,
    weighedAt: amounts.byWeight ? sale.at : null,
    weighedBy: amounts.byWeight ? farm.id : null,
  });

  const lineCents = checked.newItems.map((item) => itemAmounts(item).estimateCents);
  const plan = await salePlan(
    ctx,
    { producerUserId: farm.id, pointId: checked.newOrder.pointId, date: checked.newOrder.windowDate },
    checked.newItems.map((item, i) => ({ productId: item.productId, totalCents: lineCents[i] })),
  );
  const classes = sale.lines.map((line) => sale.taxClassOf(line.productId));
  const state = sale.taxed === false ? '' : (checked.window.farm?.state ?? '');
  const taxLines = snapParts(
    taxState(state),
    lineCents.map((totalCents, i) => ({ totalCents, taxClass: classes[i], snapMay: plan.snapMay[i] })),
    sale.tenders.snap ?? 0,
  );
  const tax = saleTaxIn(state, taxLines);
  const totalCents = amounts.totalCents + tax.taxCents;

  const tenders = { ...sale.tenders };
  const paid = Object.values(tenders).reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
  const over = paid - totalCents;
  if (over > 0) {
    // Change is given in cash only: what stays is the sale's amount.
    if ((tenders.cash ?? 0) < over)
      throw badRequest(
        `The tenders add up to ${formatCents(paid)}, more than the sale's ${formatCents(totalCents)}; only cash can be more (the change)`,
        'tenders',
      );
    tenders.cash = (tenders.cash ?? 0) - over;
  }
  if (over < 0)
    throw badRequest(
      `The tenders add up to ${formatCents(paid)}; the sale comes to ${formatCents(totalCents)}${tax.taxCents > 0 ? ` (${formatCents(tax.taxCents)} tax included)` : ''}: record what paid all of it`,
      'tenders',
    );
  const refused = plan.refusal(tenders, tax.taxCents);
  if (refused) throw badRequest(refused, 'tenders');
  return { checked, tenders, tax, classes, totalCents, incentiveMarket: plan.incentiveMarket, change: Math.max(0, over) };
}

export type CheckedWalkUp = Awaited<ReturnType<typeof checkWalkUp>>;

/**
 * Places a checked walk-up sale inside the caller's transaction: the order and its lines
 * (`placeDraft`: stock taken even past what is left, answered per line in `sold`), each line's tax
 * and the order's, its tenders, and the move from requested to picked up at the sale's moment.
 */
export async function placeWalkUp(ctx: AppContext, tx: Db, sale: CheckedWalkUp, farm: AuthUser) {
  const placed = await placeDraft(ctx, tx, sale.checked);
  const at = sale.checked.newOrder.createdAt;
  for (const [i, item] of placed.items.entries()) {
    const line = sale.tax.lines[i];
    await tx
      .update(orderItems)
      .set({ taxCents: line?.taxCents ?? 0, taxableCents: line?.taxableCents ?? 0, taxClass: sale.classes[i] })
      .where(eq(orderItems.id, item.id));
  }
  await saveTenders(tx, {
    orderId: placed.order.id,
    ...tenderColumns(sale.tenders),
    incentiveMarket: (sale.tenders.incentive ?? 0) > 0 ? sale.incentiveMarket : null,
    recordedAt: at,
    // The farm's own account, or its stand helper acting for it (decision 579).
    recordedBy: farm.actingHelperId ?? farm.id,
  });
  await repo.moveStatus(tx, placed.order.id, ['requested'], 'picked_up', at, {
    taxCents: sale.tax.taxCents,
    taxableCents: sale.tax.taxableCents,
    exemptCents: sale.tax.exemptCents,
  });
  await repo.insertEvents(tx, [
    {
      orderId: placed.order.id,
      fromStatus: 'requested',
      toStatus: 'picked_up',
      actorId: farm.actingHelperId ?? farm.id,
      actorRole: 'producer',
      reason: null,
      createdAt: at,
    },
  ]);
  return { order: placed.order, items: placed.items, sold: placed.sold ?? [] };
}
