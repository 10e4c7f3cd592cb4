import { PICKUP_KIND_LABELS } from '@farmstand/shared/constants/orders';
import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { seasonLabel } from '@farmstand/shared/format/place-calendar';
import type { PickupPoint } from '@farmstand/shared/schemas/pickup';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatWeeklySlot, formatWindow, zoneNote } from '@/lib/pickup-time';
import { usePublicPickup } from '@/shared/pickup-places';

/**
 * Where and when this farm hands food over: its places with their weekly times and the
 * next open windows. Shown on the public producer page and the product page. `intro`: what the farm
 * profile says about delivery and pickup, in the same card (one card, not two near-identical ones).
 */
export function PickupInfo({
  producerUserId,
  compact = false,
  bare = false,
  intro,
}: {
  producerUserId: number;
  compact?: boolean;
  /** Without its card and heading: inside a section that already names it (the product page's fold). */
  bare?: boolean;
  intro?: ReactNode;
}) {
  const query = usePublicPickup(producerUserId);
  const data = query.data;
  const hasPlaces = Boolean(data && data.points.length > 0);
  if (!data || !hasPlaces) {
    return intro ? (
      <Card className="p-5">
        <h2 className="text-lg font-semibold">Pickup &amp; delivery</h2>
        <div className="mt-2">{intro}</div>
      </Card>
    ) : null;
  }
  const open = data.windows.filter((w) => !w.full).slice(0, compact ? 3 : 5);
  const Frame = bare ? BareFrame : CardFrame;
  return (
    <Frame>
      {intro && <div className="mt-2">{intro}</div>}
      <ul className={bare ? 'space-y-3' : 'mt-3 space-y-3'}>
        {data.points.map((point) => (
          <li key={point.id} className="text-sm">
            <p className="font-medium text-stone-900 dark:text-stone-100">
              {point.name}{' '}
              <span className="font-normal text-stone-600 dark:text-stone-400">· {PICKUP_KIND_LABELS[point.kind]}</span>
            </p>
            {point.kind === 'delivery' ? (
              <p className="text-stone-700 dark:text-stone-300">
                Within {data.delivery.radius} miles{point.delivery_fee ? `, fee $${point.delivery_fee.toFixed(2)}` : ', no fee'}
              </p>
            ) : (
              <p className="text-stone-700 dark:text-stone-300">
                {[point.address, point.city, point.state].filter(Boolean).join(', ')}
                {point.booth ? ` · ${point.booth}` : ''}
              </p>
            )}
            <p className="text-stone-600 dark:text-stone-400">
              {point.schedule.map(formatWeeklySlot).join(' · ')}
              {point.schedule[0] && data.windows[0] ? zoneNote(data.windows[0].starts_at, point.time_zone) : ''}
            </p>
            <PlaceCalendarNote point={point} />
            {point.min_order !== null && (
              <p className="text-stone-600 dark:text-stone-400">Minimum order ${point.min_order.toFixed(2)}</p>
            )}
          </li>
        ))}
      </ul>
      {!compact && (
        <p className="mt-3 text-xs text-stone-600 dark:text-stone-400">
          Order at least {data.settings.cutoff_hours} hours ahead
          {data.points.some((p) => p.cutoff_hours !== null) ? ' unless a place says otherwise' : ''}
          {data.settings.cap_per_window ? `; up to ${data.settings.cap_per_window} orders per pickup time` : ''}.
        </p>
      )}
      {open.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">Next pickup times</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-stone-700 dark:text-stone-300">
            {open.map((w) => (
              <li key={`${w.point_id}-${w.starts_at}`}>
                {formatWindow(w.starts_at, w.ends_at, w.time_zone)} · {w.name}
                {w.booth ? ` (${w.booth})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Frame>
  );
}

/** A place's season, its next closed dates and its own cut-off (decision 542), where it has them. */
function PlaceCalendarNote({ point }: { point: PickupPoint }) {
  const today = todayDateOnly(new Date(), point.time_zone);
  const closed = point.closed_dates.filter((d) => d >= today).slice(0, 3);
  const parts = [
    seasonLabel({ seasonFrom: point.season_from, seasonTo: point.season_to }),
    closed.length > 0
      ? `Closed ${closed.map((d) => formatDateOnly(d, { weekday: 'short', month: 'short', day: 'numeric' })).join(', ')}`
      : null,
    point.cutoff_hours !== null ? `Order at least ${point.cutoff_hours} hours ahead` : null,
  ].filter(Boolean);
  return parts.length > 0 ? <p className="text-stone-600 dark:text-stone-400">{parts.join(' · ')}</p> : null;
}

function CardFrame({ children }: { children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Pickup &amp; delivery</h2>
      {children}
    </Card>
  );
}

function BareFrame({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}
