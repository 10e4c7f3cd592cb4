import type { TenderKind } from '@farmstand/shared/benefits/programmes';
import { toMilli, weighedLineCents } from '@farmstand/shared/format/by-weight';
import { ORDER_STATUS_LABELS } from '@farmstand/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { pickupTenders, tenderTimingRefusal } from './order-benefits';
import { checkedPackWeights, orderAmounts, weighFirstRefusal } from './order-lines';
import { assertTotalWithinLimit, refusal } from './orders.policy';
import * as repo from './orders.repository';
import { announceMove, applyMove } from './orders.service';
import type { WalkUpLine } from './walk-up';

/**
 * A day's pickup handed over at the stand (decision 575), synced from the phone: each by-weight
 * line's packs as weighed there (the rule of `weighing.ts`: one weight per pack, bounded per unit),
 * what was paid (the rule of `recordTenders`) and the move to picked up (the rule of `handOver`),
 * all in the caller's transaction with the action's record. An order the shopper cancelled (or the
 * farm declined, or that expired or was closed as a no-show) while the phone was offline is not
 * handed over: the food was, so the caller records it as a walk-up sale (`kind: 'closed'`).
 */

type StandPickupInput = {
  orderId: number;
  at: Date;
  weights: { itemId: number; weights: number[] }[];
  tenders: Partial<Record<TenderKind, number>>;
};

const CLOSED: readonly repo.OrderRow['status'][] = ['cancelled', 'declined', 'expired', 'no_show'];

/** Every rule that needs no lock, before the transaction; throws the rule's own 400 or 409. */
export async function checkStandPickup(ctx: AppContext, farm: AuthUser, input: StandPickupInput) {
  const order = await repo.findOrderRow(ctx.db, input.orderId);
  if (!order || order.producerUserId !== farm.id || order.source !== 'online')
    throw notFound(`Order #${input.orderId} is not one of your farm’s orders`);
  const items = (await repo.findItems(ctx.db, order.id)).sort((a, b) => a.id - b.id);
  const weighed = items.map((item) => ({ ...item }));
  for (const entry of input.weights) {
    const item = weighed.find((line) => line.id === entry.itemId);
    if (!item) throw badRequest(`Order #${order.id} has no line ${entry.itemId}; refresh the day’s pickups`, 'weights');
    const offer = checkedPackWeights(item, entry.weights);
    item.weights = entry.weights;
    item.finalAmountCents = weighedLineCents(offer.priceCents, entry.weights.map(toMilli));
  }
  if (CLOSED.includes(order.status)) {
    const lines: WalkUpLine[] = weighed
      .filter((item) => item.quantity > 0 && item.productId !== null)
      .map((item) => ({
        productId: item.productId as number,
        variantId: item.variantId,
        quantity: item.quantity,
        weights: item.weightUnit === null ? null : (item.weights?.map(Number) ?? null),
      }));
    return { kind: 'closed' as const, order, lines };
  }
  if (order.status !== 'picked_up') {
    const refused = refusal(order, 'producer', 'picked_up', input.at, order.timeZone);
    if (refused) throw refused;
  }
  const timing = tenderTimingRefusal(order, input.at);
  if (timing) throw timing;
  const amounts = orderAmounts(weighed, order.deliveryFeeCents);
  assertTotalWithinLimit(amounts.totalCents, 'Check the weights and the scale’s unit', 'weights');
  const unweighed = weighFirstRefusal(weighed);
  if (unweighed) throw unweighed;
  return { kind: 'hand-over' as const, order, items, weighed, amounts, tenders: await pickupTenders(ctx, order, weighed) };
}

export type CheckedStandPickup = Awaited<ReturnType<typeof checkStandPickup>>;

/**
 * Inside the caller's transaction: the order locked and still as checked, its weights and amounts,
 * its tenders (the rule again under the locks) and the move to picked up. An order picked up a
 * moment earlier (by another phone, or on the web) keeps its state and gets this record of what was
 * paid. Answers whether it moved, for `announceStandPickup` after the commit.
 */
export async function applyStandPickup(
  tx: Db,
  checked: Extract<CheckedStandPickup, { kind: 'hand-over' }>,
  farm: AuthUser,
  input: StandPickupInput,
) {
  const { order } = checked;
  const [now] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
  if (!now || now.status !== order.status || now.updatedAt.getTime() !== order.updatedAt.getTime())
    throw conflict(`Order #${order.id} changed a moment ago; sync again to hand it over as it is now`);
  for (const item of checked.weighed) {
    const before = checked.items.find((line) => line.id === item.id);
    if (before && before.weights !== item.weights)
      await tx
        .update(orderItems)
        .set({ weights: item.weights, finalAmountCents: item.finalAmountCents })
        .where(eq(orderItems.id, item.id));
  }
  const refused = await checked.tenders.refusal(tx, input.tenders);
  if (refused) throw badRequest(refused, 'tenders');
  // The farm's own account, or its stand helper acting for it (decision 579).
  await checked.tenders.save(tx, input.tenders, input.at, farm.actingHelperId ?? farm.id);
  const newlyWeighed = order.byWeight && order.weighedAt === null;
  await tx
    .update(orders)
    .set({
      subtotalCents: checked.amounts.subtotalCents,
      totalCents: checked.amounts.totalCents,
      ...(newlyWeighed ? { weighedAt: input.at, weighedBy: farm.actingHelperId ?? farm.id } : {}),
      updatedAt: input.at,
    })
    .where(eq(orders.id, order.id));
  const moved =
    order.status === 'picked_up'
      ? false
      : await applyMove(
          tx,
          { id: order.id, status: order.status },
          'picked_up',
          input.at,
          { id: farm.actingHelperId ?? farm.id, role: 'producer' },
          null,
        );
  return { moved, totalCents: checked.amounts.totalCents };
}

/** After the commit: the shopper and the farm's screens hear of the move, as a hand-over on the web tells them. */
export async function announceStandPickup(ctx: AppContext, order: repo.OrderRow) {
  const updated = (await repo.findOrder(ctx.db, order.id)) as repo.OrderDetails;
  await announceMove(ctx, updated, order.status, 'producer', null);
}

/** How a closed order is said in the conflict the farmer sees. */
export const closedText = (status: repo.OrderRow['status']) => ORDER_STATUS_LABELS[status].toLowerCase();
