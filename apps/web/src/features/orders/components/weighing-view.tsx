import { formatPackRange, toMilli } from '@farmstand/shared/format/by-weight';
import { formatCents, toCents } from '@farmstand/shared/format/money';
import type { OrderResponse, WeighingResponse } from '@farmstand/shared/schemas/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, api, errorMessage } from '@/lib/api';
import { formatZonedTime } from '@/lib/format';
import { ORDERS_KEY } from '@/lib/queries';

type Line = WeighingResponse['lines'][number];

/** The day's by-weight lines to weigh (accepted and ready orders). */
export function useWeighing(date: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'weighing', date],
    queryFn: () => api.get<WeighingResponse>('/orders/weighing', { date }),
    enabled: Boolean(date),
  });
}

function useWeighLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      itemId,
      weights,
      confirm,
    }: {
      orderId: number;
      itemId: number;
      weights: number[];
      confirm: boolean;
    }) => api.put<OrderResponse>(`/orders/${orderId}/items/${itemId}/weights`, { weights, confirm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/**
 * Weighing on the pickup day (decision 510): every by-weight line of the day, by window then order,
 * one field per pack. Typing a weight and pressing Tab goes to the next pack; a line is saved when
 * focus leaves its last filled field (or on Enter), so 40 packs need no click between them. A weight
 * far outside the pack range is refused by the server until "Save anyway".
 */
export function WeighingView({ date, orderIds }: { date: string; orderIds?: ReadonlySet<number> }) {
  const query = useWeighing(date);
  // The booth's search (decision 548) narrows the lines to the orders it found.
  const lines = query.data?.lines.filter((line) => !orderIds || orderIds.has(line.order_id)) ?? [];
  if (lines.length === 0) return null;
  const windows = new Map<string, Line[]>();
  for (const line of lines) {
    const key = `${line.starts_at}|${line.point_name}`;
    windows.set(key, [...(windows.get(key) ?? []), line]);
  }
  return (
    <section aria-labelledby="weighing-heading" className="space-y-3">
      <h3 id="weighing-heading" className="text-lg font-semibold">
        Weigh the packs ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Type each pack’s weight and press Tab for the next; each line saves when you leave it. The shopper sees the final price
        once every pack of the order is weighed.
      </p>
      {[...windows.values()].map((lines) => (
        <div key={`${lines[0].starts_at}|${lines[0].point_name}`} className="space-y-2">
          <h4 className="font-semibold">
            {formatZonedTime(lines[0].starts_at, lines[0].time_zone)} · {lines[0].point_name}
          </h4>
          <ul className="space-y-2">
            {lines.map((line) => (
              <li key={line.item_id}>
                <WeighLine line={line} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function WeighLine({ line }: { line: Line }) {
  const [values, setValues] = useState<string[]>(() =>
    Array.from({ length: line.quantity }, (_, i) => (line.weights?.[i] === undefined ? '' : String(line.weights[i]))),
  );
  const [error, setError] = useState('');
  const [far, setFar] = useState(false);
  const [saved, setSaved] = useState(line.weights?.join(',') ?? '');
  const weigh = useWeighLine();
  const name = line.variant_name ? `${line.name} (${line.variant_name})` : line.name;
  const offer = { unit: line.weight_unit, minMilli: toMilli(line.pack_min), maxMilli: toMilli(line.pack_max) };
  const id = `weigh-${line.item_id}`;

  const save = (confirm: boolean) => {
    if (values.some((v) => v.trim() === '')) return;
    const weights = values.map((v) => Number(v.replace(',', '.')));
    if (weights.some((w) => !Number.isFinite(w) || w <= 0)) {
      setError('Each weight must be a number more than 0');
      return;
    }
    if (!confirm && weights.join(',') === saved) return;
    weigh.mutate(
      { orderId: line.order_id, itemId: line.item_id, weights, confirm },
      {
        onSuccess: () => {
          setSaved(weights.join(','));
          setError('');
          setFar(false);
        },
        onError: (e) => {
          setError(errorMessage(e, 'Could not save the weights; try again'));
          // The server's 409 for a weight far outside the pack range (the only 409 a weight gets).
          setFar(e instanceof ApiError && e.status === 409 && /far outside/.test(e.message));
        },
      },
    );
  };

  const done = saved !== '' && saved === values.map((v) => Number(v.replace(',', '.'))).join(',');
  return (
    <fieldset
      className="rounded-lg border border-stone-200 p-3 dark:border-stone-700"
      aria-describedby={`${id}-range`}
      onBlur={(e) => {
        // Saved when focus leaves the line (not when it moves between its own packs).
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) save(false);
      }}
    >
      <legend className="px-1 font-medium">
        Order #{line.order_id} · {line.shopper_name} · {name}
      </legend>
      <p id={`${id}-range`} className="text-sm text-stone-700 dark:text-stone-300">
        {line.quantity} {line.quantity === 1 ? 'pack' : 'packs'} of {formatPackRange(offer)} at{' '}
        {formatCents(toCents(line.unit_price))}/{line.weight_unit}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {values.map((value, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pack is its place in the line (pack 1, pack 2): the list never reorders
          <label key={i} className="flex flex-col text-sm">
            <span>
              Pack {i + 1} of {line.quantity} weight ({line.weight_unit})
            </span>
            <input
              className="mt-1 w-28 rounded-md border border-stone-400 bg-white px-2 py-1.5 text-base text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100"
              inputMode="decimal"
              autoComplete="off"
              value={value}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setValues((current) => current.map((v, j) => (j === i ? e.target.value : v)))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') save(false);
              }}
            />
          </label>
        ))}
        <p aria-live="polite" className="text-sm font-semibold">
          {weigh.isPending ? 'Saving…' : done ? `Weighed: ${formatCents(toCents(line.line_total))}` : ''}
        </p>
      </div>
      {error && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          <span>{error}</span>
          {far && (
            <Button size="sm" variant="secondary" onClick={() => save(true)}>
              Save anyway
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}
