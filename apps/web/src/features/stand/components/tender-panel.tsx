import type { TenderPlan } from '@farmstand/shared/benefits/eligibility';
import { type Incentive, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatCents, toDollars } from '@farmstand/shared/format/money';
import type { TendersRequest } from '@farmstand/shared/schemas/benefits';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { parseDollars } from '@/lib/format';
import { type SaleTotals, settle, type TenderEntry } from '../sale';

/**
 * The tenders of one sale or pickup (issue 47 item 4): each kind the farm takes today. Cash takes
 * what was handed over and shows the change; "Exact" is one tap. SNAP offers what its eligible
 * lines allow; coupons and incentive tokens are a count times their face value. Nothing is
 * processed here: the farm ran the card or the EBT card on its own device, and this records it.
 */

const COUNTED = ['wic_fmnp', 'senior_fmnp', 'incentive'] as const;
type Counted = (typeof COUNTED)[number];
const isCounted = (kind: TenderKind): kind is Counted => (COUNTED as readonly string[]).includes(kind);

/**
 * A coupon's face value until the farmer types the one printed on it (states print their own
 * denominations); a token's is the incentive's own `tokenCents` when the catalogue names it.
 */
const DEFAULT_FACE_CENTS: Record<Counted, number> = { wic_fmnp: 400, senior_fmnp: 400, incentive: 200 };

const LABELS: Record<string, string> = {
  ...TENDER_LABELS,
  incentive: 'Incentive tokens',
  check: 'Check',
  farm_credit: 'Farm credit',
};
export const tenderLabel = (kind: string) => LABELS[kind] ?? kind;

export type TenderPanelProps = {
  kinds: TenderKind[];
  /** The amounts due, given what SNAP pays (its part is untaxed). */
  totalsFor: (snapCents: number) => SaleTotals;
  plan: TenderPlan | null;
  incentive: Incentive | null;
  /** Offer a receipt by e-mail (walk-up sales). */
  receipt: boolean;
  doneLabel: string;
  /** The farm's own card reader app or payment page set on this device (self-checkout setup), opened beside Card. */
  cardLink?: string | null;
  onDone: (tenders: TendersRequest, receiptEmail: string | null, changeCents: number) => Promise<void> | void;
  onBack: () => void;
};

export function TenderPanel({
  kinds,
  totalsFor,
  plan,
  incentive,
  receipt,
  doneLabel,
  cardLink = null,
  onDone,
  onBack,
}: TenderPanelProps) {
  const id = useId();
  const [amounts, setAmounts] = useState<Partial<Record<TenderKind, string>>>({});
  const [counts, setCounts] = useState<Partial<Record<Counted, string>>>({});
  const [faces, setFaces] = useState<Partial<Record<Counted, string>>>({});
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const face = (kind: Counted) =>
    parseDollars(faces[kind] ?? '') || (kind === 'incentive' && incentive ? incentive.tokenCents : DEFAULT_FACE_CENTS[kind]);
  const entry: TenderEntry = {};
  const invalid: string[] = [];
  for (const kind of kinds) {
    if (isCounted(kind)) {
      const count = Number(counts[kind] || '0');
      if (!Number.isInteger(count) || count < 0) invalid.push(tenderLabel(kind));
      else entry[kind] = count * face(kind);
    } else {
      const cents = parseDollars(amounts[kind] ?? '');
      if (cents === null) invalid.push(tenderLabel(kind));
      else entry[kind] = cents;
    }
  }
  const totals = totalsFor(entry.snap ?? 0);
  const result = settle(entry, totals.totalCents, plan, incentive);
  const nonCashOthers = (except: TenderKind) =>
    kinds.filter((k) => k !== except && k !== 'cash').reduce((sum, k) => sum + (entry[k] ?? 0), 0);
  const restFor = (kind: TenderKind) =>
    Math.max(0, totals.totalCents - nonCashOthers(kind) - (kind === 'cash' ? 0 : (entry.cash ?? 0)));
  const setAmount = (kind: TenderKind, cents: number) => setAmounts((a) => ({ ...a, [kind]: toDollars(cents).toFixed(2) }));
  const problem = invalid.length > 0 ? `Enter an amount for ${invalid.join(', ')}` : result.problem;
  const emailProblem =
    email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? 'Enter a valid e-mail address' : null;

  const done = async () => {
    if (problem || emailProblem) return;
    setBusy(true);
    setFailure(null);
    try {
      await onDone(result.tenders, email.trim() || null, result.changeCents);
    } catch (error) {
      setFailure((error as Error).message || 'The phone could not store this: try again');
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-xl space-y-4">
      <div className="rounded-xl bg-stone-100 p-4 dark:bg-stone-800">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-stone-700 dark:text-stone-200">
          Pay
        </h2>
        <p className="text-3xl font-bold tabular-nums" data-testid="stand-total">
          {formatCents(totals.totalCents)}
        </p>
        {totals.taxCents > 0 && (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Includes {formatCents(totals.taxCents)} sales tax ({totals.ratePercent}% of {formatCents(totals.taxableCents)})
          </p>
        )}
        <p className="mt-2 text-lg font-semibold" aria-live="polite" data-testid="stand-left">
          {result.changeCents > 0
            ? `Change due ${formatCents(result.changeCents)}`
            : result.leftCents > 0
              ? `Left to pay ${formatCents(result.leftCents)}`
              : 'Paid in full'}
        </p>
      </div>

      <ul className="space-y-3">
        {kinds.map((kind) => (
          <li key={kind} className="rounded-xl border border-stone-200 p-3 dark:border-stone-700">
            {isCounted(kind) ? (
              <div className="flex flex-wrap items-end gap-2">
                <label className="min-w-0 flex-1 text-sm font-medium">
                  {tenderLabel(kind)} (count)
                  <input
                    className={`${inputClasses} mt-1 text-lg`}
                    inputMode="numeric"
                    value={counts[kind] ?? ''}
                    onChange={(event) => setCounts((c) => ({ ...c, [kind]: event.target.value.replace(/\D/g, '') }))}
                  />
                </label>
                <label className="w-28 text-sm font-medium">
                  Each ($)
                  <input
                    className={`${inputClasses} mt-1 text-lg`}
                    inputMode="decimal"
                    placeholder={toDollars(face(kind)).toFixed(2)}
                    value={faces[kind] ?? ''}
                    onChange={(event) => setFaces((f) => ({ ...f, [kind]: event.target.value }))}
                  />
                </label>
                <span className="w-full text-sm text-stone-700 dark:text-stone-300">= {formatCents(entry[kind] ?? 0)}</span>
              </div>
            ) : (
              <div className="flex flex-wrap items-end gap-2">
                <label className="min-w-0 flex-1 text-sm font-medium">
                  {kind === 'cash' ? 'Cash given ($)' : `${tenderLabel(kind)} ($)`}
                  <input
                    className={`${inputClasses} mt-1 text-lg`}
                    inputMode="decimal"
                    value={amounts[kind] ?? ''}
                    onChange={(event) => setAmounts((a) => ({ ...a, [kind]: event.target.value }))}
                  />
                </label>
                {kind === 'cash' && (
                  <Button variant="secondary" size="lg" onClick={() => setAmount('cash', restFor('cash'))}>
                    Cash exact
                  </Button>
                )}
                {kind === 'snap' && plan && (
                  <Button
                    variant="secondary"
                    size="lg"
                    onClick={() => setAmount('snap', Math.min(plan.snapCents + plan.checkCents, restFor('snap')))}
                  >
                    Eligible {formatCents(Math.min(plan.snapCents + plan.checkCents, restFor('snap')))}
                  </Button>
                )}
                {kind === 'card' && cardLink && (
                  <a
                    className="w-full text-sm font-medium text-green-800 underline dark:text-green-300"
                    href={cardLink}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Open your card reader
                  </a>
                )}
                {kind !== 'cash' && kind !== 'snap' && (
                  <Button variant="secondary" size="lg" onClick={() => setAmount(kind, restFor(kind))}>
                    Rest {formatCents(restFor(kind))}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>

      {receipt && (
        <label className="block text-sm font-medium">
          E-mail a receipt (optional)
          <input
            className={`${inputClasses} mt-1`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={Boolean(emailProblem)}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailProblem && <span className="mt-1 block text-sm text-red-700 dark:text-red-400">{emailProblem}</span>}
        </label>
      )}

      {(problem || failure) && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300" role="status">
          {failure ?? problem}
        </p>
      )}
      {/* In reach on a phone, above its tab bar, however many tenders the farm takes. */}
      <div className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom))] flex gap-3 bg-white/90 py-3 md:bottom-0 dark:bg-stone-950/90">
        <Button variant="secondary" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button size="lg" className="flex-1" disabled={Boolean(problem || emailProblem)} isLoading={busy} onClick={done}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
