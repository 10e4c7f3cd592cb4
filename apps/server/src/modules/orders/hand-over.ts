import type { HandOverRequest, HandOverResponse } from '@farmstand/shared/schemas/hand-over';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordTenders } from './order-benefits';
import { weighFirstRefusal } from './order-lines';
import { assertCanRead, refusal, roleOf } from './orders.policy';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';
import { announceMove, applyMove } from './orders.service';

/**
 * "Paid & picked up" at the booth (decision 548): the farm records what the shopper tendered and
 * the order is marked picked up, in one request. The rules are each step's own: the tenders pass
 * the benefits' refusal rule (`recordTenders`, one record per order, replaced, so a retry records
 * them once), the move passes the order's (`refusal`, from the pickup day in the place's zone). The
 * amount must be final: an order with a by-weight line still to weigh is refused before anything is
 * written. An order already picked up (a retry, or closed a moment earlier) keeps its status and
 * only its record is written: no second event, no second mail.
 */
export async function handOver(ctx: AppContext, user: AuthUser, id: number, input: HandOverRequest): Promise<HandOverResponse> {
  assertCanRead(await repo.findOrderRow(ctx.db, id), user);
  const current = (await repo.findOrder(ctx.db, id)) as repo.OrderDetails;
  const role = roleOf(current, user);
  if (role === 'admin') throw forbidden('Admins can look at orders but not change them; the farm records what was paid');
  if (role !== 'producer') throw forbidden('Only the farm records what was paid and hands the order over');
  const at = ctx.clock.now();
  const already = current.status === 'picked_up';
  if (!already) {
    const refused = refusal(current, role, 'picked_up', at, current.timeZone);
    if (refused) throw refused;
  }
  const unweighed = weighFirstRefusal(current.items);
  if (unweighed) throw unweighed;

  const recorded = await recordTenders(ctx, user, id, input.tenders);
  let moved = false;
  if (!already) {
    moved = await ctx.db.transaction((tx) => applyMove(tx, current, 'picked_up', at, { id: user.id, role: 'producer' }, null));
    if (!moved) {
      const now = await repo.findOrderRow(ctx.db, id);
      if (now?.status !== 'picked_up')
        throw conflict(`The payment is recorded, but someone changed order #${id} a moment ago; reload it to see its state`);
    }
  }
  const updated = (await repo.findOrder(ctx.db, id)) as repo.OrderDetails;
  if (moved) await announceMove(ctx, updated, current.status, 'producer', null);
  return {
    order: presentOrder(updated, 'producer', ctx.clock.now()),
    benefits: recorded.benefits,
    message: moved ? `Order #${id}: payment recorded and picked up` : `Order #${id} was already picked up: payment recorded`,
  };
}
