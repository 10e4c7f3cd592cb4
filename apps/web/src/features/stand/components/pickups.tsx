import { weighedLineCents } from '@farmstand/shared/format/by-weight';
import { centsOf, formatCents } from '@farmstand/shared/format/money';
import type { StandAction, StandCatalog, StandPickup } from '@farmstand/shared/schemas/stand';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { formatZonedTime } from '@/lib/format';
import { acceptedKinds, incentiveOf } from '../sale';
import { TenderPanel } from './tender-panel';
import { parseWeight } from './weight-dialog';

/**
 * Today's pickups at the booth (issue 47 item 2): find one by name or order number, weigh its
 * by-weight items, record what was paid (the same tenders as a sale) and hand it over. Queued as a
 * `pickup` action like a sale, so it works without signal.
 */
export function Pickups({
  catalog,
  device,
  onRecord,
}: {
  catalog: StandCatalog;
  device: string;
  onRecord: (action: StandAction) => Promise<unknown>;
}) {
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const waiting = catalog.pickups.filter((p) => p.status !== 'picked_up');
  const words = search.trim().toLowerCase().replace(/^#/, '');
  const shown = waiting.filter(
    (p) => !words || p.shopper_name.toLowerCase().includes(words) || String(p.order_id).startsWith(words),
  );
  const open = waiting.find((p) => p.order_id === openId);

  if (open)
    return (
      <HandOver
        pickup={open}
        catalog={catalog}
        onBack={() => setOpenId(null)}
        onDone={async (weights, tenders) => {
          await onRecord({
            id: crypto.randomUUID(),
            kind: 'pickup',
            at: new Date().toISOString(),
            device,
            orderId: open.order_id,
            weights,
            tenders,
          });
          setOpenId(null);
          setSaved(`Order #${open.order_id} for ${open.shopper_name} is picked up (saved on this phone).`);
        }}
      />
    );

  return (
    <div className="space-y-3">
      {saved && (
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900 dark:bg-green-950 dark:text-green-200"
        >
          {saved}
        </p>
      )}
      <label className="block">
        <span className="sr-only">Find a pickup by name or order number</span>
        <input
          type="search"
          className={`${inputClasses} text-lg`}
          placeholder="Name or order number"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {waiting.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No pickups left today.</p>
      ) : shown.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No pickup matches “{search}”.</p>
      ) : (
        <ul className="space-y-2" aria-label="Today's pickups">
          {shown.map((pickup) => (
            <li key={pickup.order_id}>
              <button
                type="button"
                onClick={() => setOpenId(pickup.order_id)}
                className="flex w-full items-center justify-between gap-3 rounded-xl border border-stone-300 bg-white p-4 text-left hover:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-stone-700 dark:bg-stone-900"
              >
                <span>
                  <span className="block font-semibold">
                    {pickup.shopper_name} · #{pickup.order_id}
                  </span>
                  <span className="text-sm text-stone-700 dark:text-stone-300">
                    {formatZonedTime(pickup.window_start, catalog.farm.time_zone)} at {pickup.point_name}
                    {pickup.lines_to_weigh > 0 && ` · ${pickup.lines_to_weigh} to weigh`}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatCents(pickup.total_cents)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Weights = { itemId: number; weights: number[] }[];

/** The typed weights' keys: one per pack of an item. */
const packKeys = (itemId: number, packs: number) => Array.from({ length: packs }, (_, pack) => `${itemId}:${pack}`);

/** The amount due once weighed: each by-weight item at its packs' weights (the shared rule), else the order's total. */
function amountDue(pickup: StandPickup, typed: Record<string, string>): { cents: number; weights: Weights; missing: number } {
  const toWeigh = pickup.items.filter((item) => item.weight_unit && !item.weights);
  if (toWeigh.length === 0) return { cents: pickup.total_cents, weights: [], missing: 0 };
  let missing = 0;
  const weights: Weights = [];
  let cents = 0;
  for (const item of pickup.items) {
    if (!item.weight_unit) {
      cents += centsOf(item.unit_price_cents, item.quantity);
      continue;
    }
    const milli = item.weights
      ? item.weights.map((w) => Math.round(w * 1000))
      : Array.from({ length: item.quantity }, (_, pack) => {
          const parsed = parseWeight(typed[`${item.id}:${pack}`] ?? '', item.weight_unit ?? 'lb');
          if ('error' in parsed) {
            missing += 1;
            return 0;
          }
          return parsed.milli;
        });
    if (!item.weights) weights.push({ itemId: item.id, weights: milli.map((m) => m / 1000) });
    cents += weighedLineCents(item.unit_price_cents, milli);
  }
  return { cents, weights, missing };
}

function HandOver({
  pickup,
  catalog,
  onBack,
  onDone,
}: {
  pickup: StandPickup;
  catalog: StandCatalog;
  onBack: () => void;
  onDone: (weights: Weights, tenders: Parameters<Parameters<typeof TenderPanel>[0]['onDone']>[0]) => Promise<void>;
}) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [paying, setPaying] = useState(false);
  const due = amountDue(pickup, typed);

  if (paying)
    return (
      <TenderPanel
        kinds={acceptedKinds(catalog)}
        totalsFor={() => ({
          linesCents: due.cents,
          taxCents: 0,
          taxableCents: 0,
          exemptCents: due.cents,
          totalCents: due.cents,
          ratePercent: 0,
        })}
        plan={null}
        incentive={incentiveOf(catalog)}
        receipt={false}
        doneLabel="Picked up"
        onBack={() => setPaying(false)}
        onDone={(tenders) => onDone(due.weights, tenders)}
      />
    );

  return (
    <section aria-labelledby="stand-pickup-title" className="space-y-4">
      <div>
        <h2 id="stand-pickup-title" className="text-xl font-bold">
          {pickup.shopper_name} · #{pickup.order_id}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {formatZonedTime(pickup.window_start, catalog.farm.time_zone)} at {pickup.point_name}
        </p>
      </div>
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
        {pickup.items.map((item) => (
          <li key={item.id} className="p-3">
            <p className="font-medium">
              {item.quantity} × {item.name}
            </p>
            {item.weight_unit && !item.weights && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                {packKeys(item.id, item.quantity).map((key, pack) => (
                  <label key={key} className="text-sm">
                    Pack {pack + 1} ({item.weight_unit})
                    <input
                      className={`${inputClasses} mt-1 text-lg`}
                      inputMode="decimal"
                      value={typed[key] ?? ''}
                      onChange={(event) => setTyped((t) => ({ ...t, [key]: event.target.value }))}
                    />
                  </label>
                ))}
              </div>
            )}
            {item.weights && (
              <p className="text-sm text-stone-700 dark:text-stone-300">
                Weighed: {item.weights.join(' + ')} {item.weight_unit}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="text-lg font-semibold">
        {due.missing > 0
          ? `${due.missing} ${due.missing === 1 ? 'pack' : 'packs'} still to weigh`
          : `To pay ${formatCents(due.cents)}`}
      </p>
      <div className="flex gap-3">
        <Button variant="secondary" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button size="lg" className="flex-1" disabled={due.missing > 0} onClick={() => setPaying(true)}>
          Record payment
        </Button>
      </div>
    </section>
  );
}
