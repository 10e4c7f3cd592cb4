import { ORDER_STATUS_LABELS, type OrderStatus } from '@farmstand/shared/constants/orders';
import { formatCents, formatUsd } from '@farmstand/shared/format/money';
import { formatOrderLine, lineName } from '@farmstand/shared/format/quantity';
import type { MarketOrder } from '@farmstand/shared/schemas/market-basket';
import type { Order } from '@farmstand/shared/schemas/orders';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Badge, type BadgeTone, Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { SearchIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { ApiError, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { formatZonedDateTime } from '@/lib/format';
import { formatWindow } from '@/lib/pickup-time';
import { useCancelMarketOrder, useMarketOrder } from '../api';
import { MarketOrderAgainButton } from '../components/market-order-again-button';

const MARKET_STATUS: Record<MarketOrder['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'blue' },
  picked_up: { label: 'Picked up', tone: 'gray' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
};
const PART_TONES: Record<OrderStatus, BadgeTone> = {
  requested: 'blue',
  accepted: 'green',
  ready: 'green',
  picked_up: 'gray',
  declined: 'red',
  no_show: 'orange',
  cancelled: 'gray',
  expired: 'gray',
};
const ENDED_UNFILLED: readonly OrderStatus[] = ['declined', 'cancelled', 'expired', 'no_show'];

/** /market-orders/{id}: one market order with its parts, one per farm, and what is paid to each at pickup. */
export default function MarketOrderPage() {
  const id = Number(useParams().id);
  const query = useMarketOrder(id);
  const missing = !Number.isInteger(id) || id < 1 || (query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(missing ? 'Market order not found' : `Market order #${id}`);
  if (missing)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title="Market order not found" icon={SearchIcon} page>
          <p>It may belong to another account, or the link is wrong.</p>
          <ButtonLink to="/orders" variant="secondary" className="mt-4">
            Your orders
          </ButtonLink>
        </EmptyState>
      </div>
    );
  if (query.isPending) return <Spinner label="Loading market order…" />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="sr-only">Market order</h1>
        <LoadError text="This market order could not be loaded." onRetry={() => query.refetch()} />
      </div>
    );
  return <MarketOrderView order={query.data} />;
}

function MarketOrderView({ order }: { order: MarketOrder }) {
  const status = MARKET_STATUS[order.status];
  const cancellable = order.status === 'open' && order.parts.some((p) => p.allowed.includes('cancelled'));
  const due = order.parts.filter((p) => !ENDED_UNFILLED.includes(p.status));
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:px-6">
      <Link to="/orders" className="text-sm font-medium text-brand-800 hover:underline dark:text-green-300">
        ← Your orders
      </Link>
      <PageTitle
        subtitle={
          <Link to={`/markets/${order.marketSlug}`} className="hover:underline">
            {order.marketName}
          </Link>
        }
      >
        Market order #{order.id}
      </PageTitle>
      <Card className="space-y-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-sm text-stone-700 dark:text-stone-300">for {order.shopperName}</span>
        </div>
        <p data-testid="market-order-pickup">
          Pick up everything at once at the market’s info booth:{' '}
          {formatWindow(order.pickupStart, order.pickupEnd, order.timeZone)}
        </p>
        {order.pickedUpAt && <p>Picked up {formatZonedDateTime(order.pickedUpAt, order.timeZone)}.</p>}
        <p className="text-lg">
          <span className="font-semibold">{order.status === 'picked_up' ? 'Paid at pickup' : 'To pay at pickup'}: </span>
          <span className="font-semibold" data-testid="market-order-total">
            {formatCents(order.totalCents)}
          </span>
        </p>
        {due.length > 1 && (
          <ul className="text-sm text-stone-700 dark:text-stone-300" aria-label="What each farm is paid">
            {due.map((part) => (
              <li key={part.id}>
                {part.producer.farm_name}: {part.estimated ? 'about ' : ''}
                {formatUsd(part.total)}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-start gap-2">
          <MarketOrderAgainButton marketOrderId={order.id} />
          {cancellable && <CancelMarketOrder order={order} />}
        </div>
      </Card>
      {order.parts.map((part) => (
        <PartCard key={part.id} part={part} />
      ))}
    </div>
  );
}

function PartCard({ part }: { part: Order }) {
  const ended = ENDED_UNFILLED.includes(part.status);
  return (
    <Card className="p-5" role="article" aria-labelledby={`part-${part.id}`} data-testid={`market-part-${part.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`part-${part.id}`} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {part.producer.farm_name}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            Order #{part.id}
            {part.booth ? ` · ${part.booth}` : ''}
          </p>
        </div>
        <Badge tone={PART_TONES[part.status]}>{ORDER_STATUS_LABELS[part.status]}</Badge>
      </div>
      {part.decline_reason && <p className="mt-2 text-sm">Why: {part.decline_reason}</p>}
      <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-700">
        {part.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="[overflow-wrap:anywhere]">
                {formatOrderLine({
                  quantity: item.quantity,
                  name: item.name,
                  variantName: item.variant_name,
                  priceUnit: item.price_unit,
                  weightUnit: item.weight_unit,
                  packMin: item.pack_min,
                  packMax: item.pack_max,
                  weights: item.weights,
                })}
              </p>
              {item.ordered_quantity !== null && (
                <p className="text-sm text-amber-800 dark:text-amber-200">
                  Short: {item.quantity} of {item.ordered_quantity}
                  {item.short_reason ? ` — ${item.short_reason}` : ''}
                </p>
              )}
            </div>
            <span className="tabular-nums">{formatUsd(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-stone-200 pt-2 font-semibold dark:border-stone-700">
        <span>{ended ? 'Nothing to pay this farm' : `Pay ${part.producer.farm_name} at pickup`}</span>
        {!ended && (
          <span className="tabular-nums">
            {part.estimated ? 'about ' : ''}
            {formatUsd(part.total)}
          </span>
        )}
      </p>
    </Card>
  );
}

function CancelMarketOrder({ order }: { order: MarketOrder }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelMarketOrder(order.id);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        Cancel market order
      </Button>
      <FormError>{!asking && cancel.isError && errorMessage(cancel.error, 'The market order could not be cancelled.')}</FormError>
      {asking && (
        <ConfirmDialog
          title={`Cancel market order #${order.id}`}
          message="Every farm’s part is cancelled and each farm is told."
          confirmLabel="Cancel market order"
          isBusy={cancel.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: (answer) => toast.success(answer.message),
              onSettled: () => setAsking(false),
            })
          }
        />
      )}
    </>
  );
}
