import { plannedBenefitsText } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { formatOrderLine } from '@farmstand/shared/format/quantity';
import type { Standing, StandingWindow, StandingWindowState } from '@farmstand/shared/schemas/standing';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone, Card, Spinner } from '@/components/ui/card';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { errorMessage } from '@/lib/api';
import { formatUsd, formatZonedMoment } from '@/lib/format';
import { formatWindow } from '@/lib/pickup-time';
import { useEndStanding, useReceivedStanding } from '../api';
import { weeklyTime } from './standing-demand';

const muted = 'text-stone-700 dark:text-stone-300';
const REASON_MAX = 300;
const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });

/** How each coming pickup of a standing reservation stands, in the farm's words. */
const WINDOW_STATES: Record<StandingWindowState, { label: string; tone: BadgeTone }> = {
  upcoming: { label: 'Coming', tone: 'blue' },
  placed: { label: 'Order placed', tone: 'green' },
  skipped: { label: 'Skipped by the shopper', tone: 'gray' },
  missed: { label: 'Not placed', tone: 'orange' },
  paused: { label: 'Paused', tone: 'yellow' },
  away: { label: 'Shopper away', tone: 'yellow' },
  off: { label: 'No pickup that week', tone: 'gray' },
};

/**
 * Items in the one line wording of slips, the day sheet and mails (decision 544): "2 × 18-count
 * Brown Eggs, 2 packs × 1.5–2.5 lb (3–5 lb) Pork shoulder", by-weight packs never read as pounds.
 */
export const standingItems = (items: Standing['items']) =>
  items
    .map((i) =>
      formatOrderLine({
        quantity: i.quantity,
        name: i.name,
        variantName: i.variant_name,
        priceUnit: i.price_unit,
        weightUnit: i.weight_unit,
        packMin: i.pack_min,
        packMax: i.pack_max,
      }),
    )
    .join(', ');

/** Paused or away today, in the place's own calendar; the server keeps past dates, so they are checked here. */
function holdOf(standing: Standing) {
  const today = todayDateOnly(new Date(), standing.place.time_zone);
  const paused = standing.paused_until && standing.paused_until >= today ? standing.paused_until : null;
  const away =
    standing.away_from && standing.away_to && standing.away_to >= today
      ? { from: standing.away_from, to: standing.away_to }
      : null;
  return { paused, away };
}

function statusBadge(standing: Standing): { label: string; tone: BadgeTone } {
  if (standing.status === 'ended') return { label: 'Ended by you', tone: 'gray' };
  if (standing.status === 'cancelled') return { label: 'Cancelled by the shopper', tone: 'gray' };
  const { paused } = holdOf(standing);
  if (paused) return { label: 'Paused', tone: 'yellow' };
  return { label: 'Active', tone: 'green' };
}

/**
 * The farm's standing reservations on the Orders tab (decision 514): each shopper's place and
 * weekly time, how often, what, whether paused or away, and the next pickups with what happens to
 * each (placed, skipped…); "End" stops one with a reason the shopper is e-mailed. Ended and
 * cancelled ones are folded under their own summary.
 */
export function FarmStanding() {
  const query = useReceivedStanding();
  const [message, setMessage] = useState('');
  if (query.isPending) return <Spinner label="Loading standing reservations…" />;
  if (query.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {errorMessage(query.error, 'Could not load your standing reservations; reload the page to try again')}
      </p>
    );
  const all = query.data.standing;
  const active = all.filter((s) => s.status === 'active');
  const past = all.filter((s) => s.status !== 'active');
  return (
    <section aria-labelledby="farm-standing-heading" className="space-y-3">
      <h3 id="farm-standing-heading" className="font-semibold">
        Shoppers with standing reservations ({active.length} active)
      </h3>
      <p role="status" className="font-medium text-brand-800 empty:hidden dark:text-green-300">
        {message}
      </p>
      {active.length === 0 ? (
        <p className={muted}>No active standing reservations.</p>
      ) : (
        <StandingCards list={active} onEnded={setMessage} />
      )}
      {past.length > 0 && (
        <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
          <summary className="cursor-pointer font-semibold">Ended and cancelled ({past.length})</summary>
          <div className="mt-3">
            <StandingCards list={past} onEnded={setMessage} />
          </div>
        </details>
      )}
    </section>
  );
}

function StandingCards({ list, onEnded }: { list: Standing[]; onEnded: (message: string) => void }) {
  const sorted = [...list].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.shopper.name.localeCompare(b.shopper.name),
  );
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {sorted.map((standing) => (
        <li key={standing.id} className="min-w-0">
          <StandingCard standing={standing} onEnded={onEnded} />
        </li>
      ))}
    </ul>
  );
}

function StandingCard({ standing, onEnded }: { standing: Standing; onEnded: (message: string) => void }) {
  const [ending, setEnding] = useState(false);
  const badge = statusBadge(standing);
  const { paused, away } = holdOf(standing);
  const open = standing.status === 'active';
  return (
    <Card className="h-full space-y-3 p-4 break-words" data-testid={`standing-${standing.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold">{standing.shopper.name}</h4>
          {standing.shopper.phone && (
            <a
              href={`tel:${standing.shopper.phone.replace(/[^\d+]/g, '')}`}
              className="text-sm whitespace-nowrap font-medium text-brand-700 underline dark:text-green-400"
            >
              {standing.shopper.phone}
            </a>
          )}
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="text-sm">
        <strong>{standing.place.name}</strong>, {weeklyTime(standing.weekday, standing.start)} · {standing.cadence}
        <span className={`block ${muted}`}>
          Since {day(standing.start_date)}
          {standing.end_date ? `, until ${day(standing.end_date)}` : ''}
        </span>
      </p>
      {standing.plan && (
        <p className="text-sm">
          CSA share: {standing.plan.name}
          {standing.plan.size ? `, ${standing.plan.size}` : ''} · {formatUsd(standing.plan.price)} per pickup
        </p>
      )}
      <p className="text-sm">
        <span className="font-medium">Items:</span> {standingItems(standing.items)}
      </p>
      {standing.plan?.dislikes && <p className="text-sm">Dislikes: {standing.plan.dislikes}</p>}
      {standing.planned_benefits.length > 0 && (
        <p className="text-sm">{plannedBenefitsText(standing.planned_benefits, 'producer')} at each pickup</p>
      )}
      {standing.note && <p className="text-sm">Note: {standing.note}</p>}
      {open && (paused || away) && (
        <p className="text-sm font-medium">
          {paused ? `Paused until ${day(paused)}` : ''}
          {paused && away ? ' · ' : ''}
          {away ? `Away ${day(away.from)} – ${day(away.to)}` : ''}
        </p>
      )}
      {standing.warning && (
        <p className="rounded-md border border-yellow-600 bg-yellow-50 px-2 py-1 text-sm text-yellow-900 dark:border-yellow-500 dark:bg-yellow-950 dark:text-yellow-100">
          {standing.warning}
        </p>
      )}
      {standing.status === 'ended' && standing.end_reason && <p className="text-sm">Your reason: {standing.end_reason}</p>}
      {standing.upcoming.length > 0 && <NextPickups standing={standing} />}
      {open && (
        <Button size="sm" variant="secondary" onClick={() => setEnding(true)}>
          End <span className="sr-only">the standing reservation of {standing.shopper.name}</span>
        </Button>
      )}
      {ending && (
        <EndDialog
          standing={standing}
          onClose={() => setEnding(false)}
          onEnded={(message) => {
            setEnding(false);
            onEnded(message);
          }}
        />
      )}
    </Card>
  );
}

function windowNote(window: StandingWindow, zone: string): string | null {
  if (window.state === 'upcoming') return `Order to be placed ${formatZonedMoment(window.places_at, zone)}`;
  if (window.state === 'placed' && window.order_id !== null) return `Order #${window.order_id}`;
  return null;
}

function NextPickups({ standing }: { standing: Standing }) {
  const zone = standing.place.time_zone;
  const id = `standing-${standing.id}-next`;
  return (
    <div className="text-sm">
      <p id={id} className="font-medium">
        Next pickups
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1.5">
        {standing.upcoming.map((window) => {
          const state = WINDOW_STATES[window.state];
          const note = windowNote(window, zone);
          return (
            <li key={window.starts_at} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className={window.state === 'skipped' ? 'line-through decoration-1' : undefined}>
                {formatWindow(window.starts_at, window.ends_at, zone)}
              </span>
              <Badge tone={state.tone}>{state.label}</Badge>
              {(note || window.reason) && (
                <span className={`w-full ${muted}`}>{[note, window.reason].filter(Boolean).join(' · ')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The farm ends a standing reservation, saying why: the shopper is e-mailed the reason. */
function EndDialog({
  standing,
  onClose,
  onEnded,
}: {
  standing: Standing;
  onClose: () => void;
  onEnded: (message: string) => void;
}) {
  const end = useEndStanding();
  return (
    <ReasonDialog
      title={`End ${standing.shopper.name}’s standing reservation`}
      message={`${standing.cadence} at ${standing.place.name}, ${weeklyTime(standing.weekday, standing.start)}: ${standingItems(standing.items)}. No more orders will be placed; orders already placed stay as they are.`}
      label="Reason for the shopper"
      hint="The shopper is e-mailed it."
      maxLength={REASON_MAX}
      validate={(reason) => (reason ? null : 'Say why you end it: the shopper is e-mailed your reason')}
      confirmLabel="End standing reservation"
      cancelLabel="Keep it"
      isBusy={end.isPending}
      error={end.isError && errorMessage(end.error, 'Could not end the standing reservation; try again')}
      onConfirm={(reason) => end.mutate({ id: standing.id, reason }, { onSuccess: (answer) => onEnded(answer.message) })}
      onCancel={onClose}
    />
  );
}
