import type { TenderKind } from '@farmstand/shared/benefits/programmes';
import { defaultTimeZone } from '@farmstand/shared/constants/time-zones';
import { RECEIPT_NOT_YET, StandActionId, type StandReceipt } from '@farmstand/shared/schemas/stand';
import { and, asc, eq } from 'drizzle-orm';
import { orderItems, orders, orderTenders, standActions } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { findFarm } from '../pickup';
import { presentReceipt } from './stand.mail';

/**
 * The receipt behind a text link (decision 580): the token is the sale's action id, the UUID the
 * phone made (122 random bits, shown only to the buyer it was given to), so the phone can give the
 * link at once, offline. Only a walk-up sale's action answers; an id not synced yet, unknown or
 * malformed answers the same 404, so nothing tells one from another.
 */
export async function receipt(ctx: AppContext, token: string): Promise<StandReceipt> {
  if (!StandActionId.safeParse(token).success) throw notFound(RECEIPT_NOT_YET);
  // Action ids are unique per farm; were one ever reused by another farm, the first applied answers.
  const [found] = await ctx.db
    .select({ action: standActions, order: orders })
    .from(standActions)
    .innerJoin(orders, eq(orders.id, standActions.orderId))
    .where(and(eq(standActions.actionId, token.toLowerCase()), eq(standActions.kind, 'sale'), eq(orders.source, 'stand')))
    .orderBy(asc(standActions.id))
    .limit(1);
  const farm = found ? await findFarm(ctx.db, found.action.producerUserId) : undefined;
  if (!found || !farm) throw notFound(RECEIPT_NOT_YET);
  const { order } = found;
  const [items, [paid]] = await Promise.all([
    ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    ctx.db.select().from(orderTenders).where(eq(orderTenders.orderId, order.id)),
  ]);
  const tenders: Partial<Record<TenderKind, number>> = {
    snap: paid?.snapCents,
    wic_fmnp: paid?.wicFmnpCents,
    senior_fmnp: paid?.seniorFmnpCents,
    incentive: paid?.incentiveCents,
    cash: paid?.cashCents,
    card: paid?.cardCents,
    check: paid?.checkCents,
    farm_credit: paid?.farmCreditCents,
    other: paid?.otherCents,
  };
  return presentReceipt({
    farmName: farm.farmName,
    orderId: order.id,
    at: found.action.happenedAt,
    timeZone: defaultTimeZone(farm.state, farm.zip),
    items,
    taxableCents: order.taxableCents,
    exemptCents: order.totalCents - order.taxableCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents + order.taxCents,
    tenders,
  });
}
