import { addDaysToDate, daysBetweenDates, isDateOnly } from '@farmstand/shared/format/date-only';
import { formatLineQuantity, totalWeight } from '@farmstand/shared/format/quantity';
import { HARVEST_MAX_DAYS, type HarvestLine, type HarvestResponse } from '@farmstand/shared/schemas/packing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { TextInput } from '@/components/ui/field';
import { api, errorMessage } from '@/lib/api';
import { formatDay } from '@/lib/pickup-time';

/** What to pick across a range of pickup days (GET /api/orders/harvest). */
export function useHarvest(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'harvest', from, to],
    queryFn: ({ signal }) => api.get<HarvestResponse>('/orders/harvest', { from, to }, signal),
    enabled,
  });
}

/**
 * A product's lines (its variants, its pack ranges) one after another, and what its by-weight lines
 * weigh together in the unit the farmer harvests, when it has more than one line of one unit
 * (decision 544: different units are never added together).
 */
function byProduct(lines: HarvestLine[]) {
  const groups: { lines: HarvestLine[]; total: string | null; requested: string | null }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.lines[0].product_id === line.product_id && last.lines[0].product_name === line.product_name)
      last.lines.push(line);
    else groups.push({ lines: [line], total: null, requested: null });
  }
  for (const group of groups) {
    if (group.lines.length < 2) continue;
    group.total = totalWeight(group.lines.filter((l) => l.quantity > 0));
    group.requested = totalWeight(
      group.lines.filter((l) => l.requested_quantity > 0).map((l) => ({ ...l, quantity: l.requested_quantity })),
    );
  }
  return groups;
}

/** The table's rows: each line, and under a product's packs their total (`total` set, maybe null). */
function harvestRows(lines: HarvestLine[]) {
  return byProduct(lines).flatMap((group) => [
    ...group.lines.map((line) => ({ line, total: undefined, requested: null })),
    ...(group.total || group.requested ? [{ line: group.lines[0], total: group.total, requested: group.requested }] : []),
  ]);
}

/** A quantity whose total weight ("… (3–5 lb)") never breaks inside, so a narrow column wraps before it. */
function Quantity({ text }: { text: string }) {
  const cut = text.indexOf(' (');
  if (cut < 0) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(cut + 1)}</span>
    </>
  );
}

/** Why a range cannot be asked for (the server says the same), or null. */
function rangeProblem(from: string, to: string): string | null {
  if (!isDateOnly(from) || !isDateOnly(to)) return 'Choose both dates.';
  const days = daysBetweenDates(from, to);
  if (days < 0) return 'The "to" date must be on or after the "from" date.';
  if (days >= HARVEST_MAX_DAYS) return `A harvest list covers at most ${HARVEST_MAX_DAYS} days: choose a shorter range.`;
  return null;
}

/**
 * The harvest list: per product, what accepted and ready orders need across the chosen days, and
 * beside it what open requests would add if accepted (marked as not yet accepted). Printable.
 */
export function HarvestList({ initialFrom }: { initialFrom: string }) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(addDaysToDate(initialFrom, 6));
  const [printing, setPrinting] = useState(false);
  const problem = rangeProblem(from, to);
  const harvest = useHarvest(from, to, problem === null);

  useEffect(() => {
    setFrom(initialFrom);
    setTo(addDaysToDate(initialFrom, 6));
  }, [initialFrom]);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    // Let React mark the list as the print target before the dialog opens.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const data = harvest.data;
  const hasRequests = data?.lines.some((line) => line.requested_quantity > 0) ?? false;
  return (
    <section aria-labelledby="harvest-heading" className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-40">
          <TextInput label="Harvest from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="w-40">
          <TextInput
            label="Harvest to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={problem && isDateOnly(from) && isDateOnly(to) ? problem : undefined}
          />
        </div>
        <Button variant="secondary" size="sm" onClick={() => setPrinting(true)} disabled={!data || problem !== null}>
          Print harvest list
        </Button>
      </div>
      <div data-print-target={printing} className="space-y-2">
        <h3 id="harvest-heading" className="text-lg font-semibold">
          Harvest list{data?.farm_name ? ` · ${data.farm_name}` : ''}
          {problem === null && (
            <span className="block text-sm font-normal text-stone-700 dark:text-stone-300">
              {from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`}
            </span>
          )}
        </h3>
        {problem === null && harvest.isPending && <Spinner label="Loading the harvest list…" />}
        {harvest.isError && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {errorMessage(harvest.error, 'Could not load the harvest list.')}
          </p>
        )}
        {data && data.lines.length === 0 && (
          <p className="text-stone-700 dark:text-stone-300">Nothing to harvest for these days yet.</p>
        )}
        {data && data.lines.length > 0 && (
          <>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              {data.days.map((day) => `${formatDay(day.date).split(',').slice(0, 2).join(',')} (${day.point_name})`).join(' · ')}
            </p>
            <DataTable
              caption="Harvest list"
              rows={harvestRows(data.lines)}
              rowKey={(row) =>
                row.total === undefined
                  ? `${row.line.product_id}-${row.line.name}-${row.line.price_unit}-${row.line.pack_min}-${row.line.pack_max}`
                  : `${row.line.product_id}-${row.line.product_name}-total`
              }
              rowClassName={(row) => (row.total === undefined ? '' : 'font-semibold')}
              columns={[
                {
                  header: 'Product',
                  rowHeader: true,
                  cell: ({ line, total }) =>
                    total === undefined ? (
                      <>
                        {line.name}
                        <span className="block text-xs text-stone-600 dark:text-stone-400">
                          {line.order_count} {line.order_count === 1 ? 'order' : 'orders'}
                          {line.dates.length > 1 ? ` over ${line.dates.length} days` : ''}
                        </span>
                      </>
                    ) : (
                      <span className="font-semibold">{line.product_name}, all packs</span>
                    ),
                },
                {
                  header: 'To pick',
                  numeric: true,
                  className: 'font-semibold',
                  testId: (row) => (row.total === undefined ? 'harvest-quantity' : 'harvest-total'),
                  cell: ({ line, total }) =>
                    total !== undefined ? (total ?? '—') : line.quantity > 0 ? <Quantity text={formatLineQuantity(line)} /> : '—',
                },
                {
                  header: 'Requests not yet accepted',
                  numeric: true,
                  testId: (row) => (row.total === undefined ? 'harvest-requested' : 'harvest-requested-total'),
                  cell: ({ line, total, requested }) =>
                    total !== undefined
                      ? requested
                        ? `+ ${requested}`
                        : '—'
                      : line.requested_quantity > 0
                        ? `+ ${formatLineQuantity({ ...line, quantity: line.requested_quantity })} (${line.request_count} not yet accepted)`
                        : '—',
                },
              ]}
            />
            {hasRequests && (
              <p className="text-xs text-stone-600 dark:text-stone-400">
                Requests not yet accepted may still be declined or expire: they are not counted in "To pick".
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
