import { formatCents } from '@farmstand/shared/format/money';
import type { BoothEntry, MarketCurrency } from '@farmstand/shared/schemas/market-office';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { parseDollars } from '@/lib/format';
import { type Catalog, capLeft, estimateMatch } from '../estimate';

/** What the volunteer does at the booth: a swipe or coupons handed out, or tokens handed back. */
export type BoothTask = 'snap' | 'credit' | 'wic_fmnp' | 'senior_fmnp' | 'return';

const TASKS: { task: BoothTask; label: string; button: string }[] = [
  { task: 'snap', label: 'SNAP swipe', button: 'Record SNAP swipe' },
  { task: 'credit', label: 'Card swipe', button: 'Record card swipe' },
  { task: 'wic_fmnp', label: 'WIC coupons', button: 'Record WIC coupons' },
  { task: 'senior_fmnp', label: 'Senior coupons', button: 'Record Senior coupons' },
  { task: 'return', label: 'Return', button: 'Record return' },
];

/** The tasks this market's booth does (the currencies it hands out), and a return when it hands out any. */
export function boothTasks(catalog: Catalog) {
  const handled = new Set(catalog.currencies.map((c) => c.currency));
  return TASKS.filter(({ task }) => (task === 'return' ? handled.size > 0 : handled.has(task)));
}

type Props = {
  catalog: Catalog;
  online: boolean;
  device: string;
  onRecord: (entry: BoothEntry) => Promise<unknown>;
};

/**
 * One entry at the booth, with big targets for a phone: the task, the amount in whole tokens, the
 * card's last four digits where the incentive matches, and the match the shopper gets: asked of the
 * server online ('auto'), estimated on the phone offline (the number handed out is sent).
 */
export function EntryForm({ catalog, online, device, onRecord }: Props) {
  const tasks = boothTasks(catalog);
  const [task, setTask] = useState<BoothTask>(tasks[0]?.task ?? 'snap');
  const [returned, setReturned] = useState<MarketCurrency>(catalog.currencies[0]?.currency ?? 'snap');
  const [amount, setAmount] = useState('');
  const [lastFour, setLastFour] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const currency: MarketCurrency = task === 'return' ? returned : task;
  const token = catalog.currencies.find((c) => c.currency === currency);
  const matchable = task !== 'return' && Boolean(catalog.incentive?.matches.includes(currency));
  const shopperKey = /^\d{4}$/.test(lastFour) ? lastFour : null;
  const amountCents = parseDollars(amount);
  const estimate =
    matchable && amountCents ? estimateMatch(catalog, { currency, amountCents, shopperKey: shopperKey ?? null }) : 0;
  const left = shopperKey ? capLeft(catalog, shopperKey) : null;
  const current = TASKS.find((t) => t.task === task) ?? TASKS[0];

  const problem = (): string | null => {
    if (!token) return 'This booth does not hand these out';
    if (amountCents === null || amountCents <= 0) return 'Enter the amount in dollars, above $0.00';
    if (amountCents % token.tokenCents !== 0)
      return `${token.label} come in ${formatCents(token.tokenCents)} pieces: enter a whole number of them`;
    if (lastFour !== '' && !shopperKey) return 'Enter the last four digits of the card (never the whole number)';
    if (task === 'snap' && matchable && !shopperKey)
      return `Enter the card’s last four digits: ${catalog.incentive?.name} is capped per shopper per market day`;
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problem();
    setError(found);
    if (found || amountCents === null) return;
    const match: BoothEntry['match'] = !matchable || !shopperKey ? 0 : online ? 'auto' : estimate;
    setBusy(true);
    try {
      await onRecord({
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        device,
        kind: task === 'return' ? 'return' : 'issue',
        currency,
        amountCents,
        match,
        shopperKey: matchable ? shopperKey : null,
      });
      setAmount('');
      setLastFour('');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800 dark:text-stone-200">What happened</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {tasks.map((t) => (
            <label
              key={t.task}
              className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg border px-2 text-center font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                task === t.task
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'
              }`}
            >
              <input
                type="radio"
                name="booth-task"
                value={t.task}
                checked={task === t.task}
                onChange={() => {
                  setTask(t.task);
                  setError(null);
                }}
                className="sr-only"
              />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>

      {task === 'return' && (
        <SelectInput
          label="Tokens handed back"
          value={returned}
          onChange={(event) => setReturned(event.target.value as MarketCurrency)}
        >
          {catalog.currencies.map((c) => (
            <option key={c.currency} value={c.currency}>
              {c.label}
            </option>
          ))}
        </SelectInput>
      )}

      <TextInput
        label="Amount ($)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={token ? `${token.label}: ${formatCents(token.tokenCents)} each` : undefined}
        className="min-h-12 text-lg"
      />

      {matchable && (
        <TextInput
          label="Card’s last four digits"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={lastFour}
          onChange={(event) => setLastFour(event.target.value.replace(/\D/g, '').slice(0, 4))}
          hint={`Never the whole number. ${catalog.incentive?.name} is capped at ${formatCents(catalog.incentive?.capCents ?? 0)} per shopper per market day.`}
          className="min-h-12 text-lg tracking-widest"
        />
      )}

      {matchable && catalog.incentive && (
        <p
          className="rounded-lg bg-green-50 px-3 py-2 text-green-950 dark:bg-green-950 dark:text-green-100"
          data-testid="booth-match"
        >
          {!shopperKey
            ? `${catalog.incentive.name}: enter the card’s last four digits for the match.`
            : online
              ? `${catalog.incentive.name}: the server grants the match when you record (${formatCents(left ?? 0)} left of this shopper’s cap, as this phone knows).`
              : `Offline: hand out ${formatCents(estimate)} in ${catalog.incentive.name} (${formatCents(left ?? 0)} left of this shopper’s cap, as this phone knows).`}
        </p>
      )}

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="min-h-12 w-full" isLoading={busy}>
        {current.button}
      </Button>
    </form>
  );
}
