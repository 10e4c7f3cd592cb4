import { plannedBenefitsText } from '@farmstand/shared/benefits/programmes';
import { ORDER_LIMITS } from '@farmstand/shared/constants/orders';
import { amountOfOrder, amountStage, FINAL_AFTER_WEIGHING, formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { lineName } from '@farmstand/shared/format/quantity';
import { ORDER_STATUS_LABELS, type Order, type OrderTransitionTarget } from '@farmstand/shared/schemas/orders';
import { PICKUP_KIND_LABELS } from '@farmstand/shared/schemas/pickup';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { errorMessage } from '@/lib/api';
import { formatUsd, formatZonedMoment } from '@/lib/format';
import { formatWindow } from '@/lib/pickup-time';
import { useMoveOrder } from '../api';
import { OrderStatusBadge } from './order-status-badge';
import { OrderThread } from './order-thread';
import { ShortLineDialog } from './short-line-dialog';

const ACTION_LABELS: Record<OrderTransitionTarget, string> = {
  accepted: 'Accept',
  declined: 'Decline',
  ready: 'Mark ready',
  picked_up: 'Picked up',
  no_show: 'No-show',
  cancelled: 'Cancel reservation',
};

/**
 * One order as either side sees it: what, where, when, the total, its history, the moves allowed now
 * and the thread. `payment` is another feature's part shown under the actions, passed in by the
 * page that composes it: what was paid at pickup and "Paid & picked up" (decision 548), which
 * records the payment and hands the order over in one step, so the card leaves out its own
 * "Picked up" then.
 */
export function OrderCard({
  order,
  side,
  highlight = false,
  payment,
  actions,
  underItsWindow = false,
}: {
  order: Order;
  side: 'shopper' | 'producer' | 'admin';
  highlight?: boolean;
  payment?: ReactNode;
  /** Other features' actions beside the card's own ("Order again", "Repeat this order"). */
  actions?: ReactNode;
  /** Listed under a heading naming its window and place (the pickup day): the card leaves them out. */
  underItsWindow?: boolean;
}) {
  const [showThread, setShowThread] = useState(highlight);
  // Before the order is ready the producer may have less than was asked (the server checks again).
  const canShorten = side === 'producer' && (order.status === 'requested' || order.status === 'accepted');
  const planned = plannedBenefitsText(order.planned_benefits ?? [], side);
  return (
    <Card
      className={`p-4 sm:p-5 ${highlight ? 'ring-2 ring-brand-600' : ''}`}
      data-testid={`order-${order.id}`}
      aria-labelledby={`order-${order.id}-title`}
      role="article"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`order-${order.id}-title`} className="font-semibold">
            Order #{order.id} · {side === 'shopper' ? order.producer.farm_name : order.shopper.name}
          </h3>
          {!underItsWindow && (
            <p className="text-sm text-stone-700 dark:text-stone-300">
              {formatWindow(order.window.starts_at, order.window.ends_at, order.window.time_zone)} · {order.place.name}
              {order.booth ? ` · ${order.booth}` : ''}
              {order.fulfilment === 'delivery' ? ` (${PICKUP_KIND_LABELS.delivery})` : ''}
            </p>
          )}
          {!underItsWindow && order.place.address && (
            <p className="text-sm text-stone-600 dark:text-stone-400">{order.place.address}</p>
          )}
          {order.delivery_address && (
            <p className="text-sm text-stone-600 dark:text-stone-400">Deliver to {order.delivery_address}</p>
          )}
          {side === 'shopper' && order.market_order_id !== null && (
            <p className="text-sm">
              <Link
                to={`/market-orders/${order.market_order_id}`}
                className="font-medium text-brand-800 underline hover:no-underline dark:text-green-300"
              >
                Part of market order #{order.market_order_id} at {order.place.name}
              </Link>
            </p>
          )}
          {side !== 'shopper' && order.market_order_id !== null && (
            // The farm packs its own part; the market hands the bags over together (decision 587).
            <p className="text-sm font-medium">
              Market basket #{order.market_order_id} at {order.place.name}: your part, handed over at the market’s pickup
            </p>
          )}
          {side !== 'shopper' && (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {[order.shopper.phone, order.shopper.email].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
        <span className="flex flex-wrap items-center gap-1">
          {order.standing_id !== null && (
            <Badge tone="blue" className="whitespace-nowrap">
              Standing
            </Badge>
          )}
          <span data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </span>
        </span>
      </div>
      <ul className="mt-3 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
            <OrderLine item={item} />
            <span className="ml-auto flex items-center gap-2">
              {canShorten && item.product_id !== null && item.quantity > 0 && <ShortLineButton orderId={order.id} item={item} />}
              <span>
                {item.weight_unit !== null && item.weights === null && '≈ '}
                {formatUsd(item.line_total)}
              </span>
            </span>
          </li>
        ))}
        {order.delivery_fee > 0 && (
          <li className="flex justify-between gap-2">
            <span>Delivery</span>
            <span>{formatUsd(order.delivery_fee)}</span>
          </li>
        )}
        <OrderTotal order={order} />
      </ul>
      {amountStage(amountOfOrder(order)) !== 'final' && (
        <p className="mt-1 text-xs text-stone-700 dark:text-stone-300">{FINAL_AFTER_WEIGHING}</p>
      )}
      {planned && (
        <p className="mt-2 text-sm font-medium text-stone-800 dark:text-stone-200" data-testid="order-planned-benefits">
          {planned}
        </p>
      )}
      {order.note && <p className="mt-2 text-sm italic text-stone-700 dark:text-stone-300">“{order.note}”</p>}
      {order.decline_reason && <p className="mt-2 text-sm text-red-800 dark:text-red-300">Declined: {order.decline_reason}</p>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-stone-700 dark:text-stone-300">History</summary>
        <ol className="mt-1 space-y-0.5 text-stone-600 dark:text-stone-400">
          {order.events.map((event) => (
            // A short harvest is an event with the order's same status (its reason tells it apart).
            <li key={`${event.status}-${event.at}-${event.reason ?? ''}`}>
              {ORDER_STATUS_LABELS[event.status]} by {event.actor} · {formatZonedMoment(event.at, order.window.time_zone)}
              {event.reason ? ` · ${event.reason}` : ''}
            </li>
          ))}
        </ol>
      </details>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <OrderActions order={order} handedOverByPayment={payment !== undefined && payment !== null} />
        {actions}
        <Button variant="ghost" size="sm" aria-expanded={showThread} onClick={() => setShowThread((s) => !s)}>
          {showThread ? 'Hide messages' : 'Messages'}
        </Button>
      </div>
      {payment}
      {showThread && (
        <div className="mt-3">
          <OrderThread orderId={order.id} canWrite={side !== 'admin'} timeZone={order.window.time_zone} />
        </div>
      )}
    </Card>
  );
}

/**
 * The order's total line in the one wording of by-weight.ts#formatAmountToPay (decision 549): the
 * estimate and its range before weighing, "so far $X, N lines still to weigh" while partly
 * weighed, then the final amount.
 */
function OrderTotal({ order }: { order: Order }) {
  const amount = amountOfOrder(order);
  const stage = amountStage(amount);
  const row = 'mt-1 flex flex-wrap justify-between gap-x-2 border-t border-stone-200 pt-1 font-semibold dark:border-stone-800';
  if (stage === 'estimate')
    return (
      <li className={row} data-testid="order-total">
        <span>Estimated total</span>
        <span className="text-right">
          ≈ {formatUsd(order.total)}{' '}
          <span className="whitespace-nowrap">
            ({formatUsd(order.total_min)}–{formatUsd(order.total_max)})
          </span>
        </span>
      </li>
    );
  if (stage === 'so_far')
    return (
      <li className={row} data-testid="order-total">
        <span>To pay</span>
        <span className="text-right">{formatAmountToPay(amount)}</span>
      </li>
    );
  return (
    <li className={row} data-testid="order-total">
      <span>{order.by_weight ? 'Weighed · pay at pickup' : 'Total · pay at pickup'}</span>
      <span>{formatUsd(order.total)}</span>
    </li>
  );
}

type Line = Order['items'][number];

/** By weight: "1.3–1.6 lb packs at $18.99/lb", or once weighed "1.42, 1.51 lb at $18.99/lb". */
function packText(item: Line): string | null {
  if (item.weight_unit === null || item.pack_min === null || item.pack_max === null) return null;
  const at = `at ${formatUsd(item.unit_price)}/${item.weight_unit}`;
  if (item.weights) return `${item.weights.join(', ')} ${item.weight_unit} ${at}`;
  const range = item.pack_min === item.pack_max ? `${item.pack_min}` : `${item.pack_min}–${item.pack_max}`;
  return `${range} ${item.weight_unit} packs ${at}`;
}

/** "4 × Eggs", or for a short harvest "2 of 4 × Strawberries" with the producer's reason under it. */
function OrderLine({ item }: { item: Line }) {
  const packs = packText(item);
  if (item.ordered_quantity === null) {
    return (
      <span>
        {item.quantity} × {lineName(item.name, item.variant_name)}
        {packs && <span className="block text-xs text-stone-700 dark:text-stone-300">{packs}</span>}
      </span>
    );
  }
  return (
    <span data-testid="short-line">
      <span className={item.quantity === 0 ? 'line-through' : undefined}>
        {item.quantity} of {item.ordered_quantity} × {lineName(item.name, item.variant_name)}
      </span>
      <span className="block text-xs text-amber-900 dark:text-amber-200">
        {item.quantity === 0 ? 'Dropped' : 'Short'}: {item.short_reason}
      </span>
    </span>
  );
}

function ShortLineButton({ orderId, item }: { orderId: number; item: Line }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Short ${item.name}`} onClick={() => setOpen(true)}>
        Short
      </Button>
      {open && <ShortLineDialog orderId={orderId} line={item} onClose={() => setOpen(false)} />}
    </>
  );
}

function OrderActions({ order, handedOverByPayment }: { order: Order; handedOverByPayment: boolean }) {
  const move = useMoveOrder();
  const [declining, setDeclining] = useState(false);
  const act = async (to: OrderTransitionTarget, why?: string) => {
    try {
      await move.mutateAsync({ id: order.id, to, reason: why });
      toast.success(`Order #${order.id}: ${ORDER_STATUS_LABELS[to].toLowerCase()}`);
      setDeclining(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not update the order'));
    }
  };
  if (order.allowed.length === 0) return null;
  const buttons: ReactNode[] = order.allowed
    .filter((to) => to !== 'declined' && !(to === 'picked_up' && handedOverByPayment))
    .map((to) => (
      <Button
        key={to}
        size="sm"
        variant={to === 'cancelled' || to === 'no_show' ? 'secondary' : 'primary'}
        isLoading={move.isPending && move.variables?.to === to}
        onClick={() => act(to)}
      >
        {ACTION_LABELS[to]}
      </Button>
    ));
  return (
    <div className="flex flex-wrap items-end gap-2">
      {buttons}
      {order.allowed.includes('declined') && (
        <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      )}
      {declining && (
        <ReasonDialog
          title={`Decline order #${order.id}`}
          label="Reason for the shopper"
          maxLength={ORDER_LIMITS.reasonMax}
          validate={(reason) => (reason ? null : 'Say why you decline: the shopper reads it')}
          confirmLabel="Decline order"
          isBusy={move.isPending}
          onConfirm={(reason) => void act('declined', reason)}
          onCancel={() => setDeclining(false)}
        />
      )}
    </div>
  );
}
