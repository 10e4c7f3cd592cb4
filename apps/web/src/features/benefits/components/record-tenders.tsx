import { COUPON_PROGRAMMES, TENDER_KINDS, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { amountOfOrder, amountStage, formatAmountToPay } from '@farmstand/shared/format/by-weight';
import { formatCents, toDollars } from '@farmstand/shared/format/money';
import { type OrderBenefits, TendersRequest } from '@farmstand/shared/schemas/benefits';
import type { Order } from '@farmstand/shared/schemas/orders';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api';
import { requestResolver } from '@/lib/form-errors';
import { formatZonedMoment, parseDollars } from '@/lib/format';
import { useHandOver, useOrderBenefits, useRecordTenders } from '../api';

/** Orders whose food is handed over or about to be: what was paid for them can be recorded (the server checks again). */
const RECORDABLE = new Set<Order['status']>(['accepted', 'ready', 'picked_up']);
/** The tenders only a farm that takes them can record; cash, card, check, farm credit and other are always offered. */
const BENEFIT_KINDS = new Set<TenderKind>(['snap', 'wic_fmnp', 'senior_fmnp', 'incentive']);

export const TENDERS_RECORDED = 'Tenders recorded';
const BAD_AMOUNT = 'Enter an amount in dollars, like 12.50';

/** "12.50" from cents, for a field ('' for nothing). */
const fieldValue = (cents: number | undefined) => (cents ? toDollars(cents).toFixed(2) : '');

const tenderLabel = (kind: TenderKind, plan: OrderBenefits | null | undefined) =>
  kind === 'incentive' && plan?.incentive_name ? `${plan.incentive_name} (incentive match)` : TENDER_LABELS[kind];

/** "SNAP/EBT $12.00 · Cash $3.00": what was recorded, in the tenders' order. */
function recordedText(plan: OrderBenefits): string {
  const tenders = plan.tenders ?? {};
  const paid = TENDER_KINDS.filter((kind) => (tenders[kind] ?? 0) > 0);
  if (paid.length === 0) return 'Nothing recorded as paid.';
  return paid.map((kind) => `${tenderLabel(kind, plan)} ${formatCents(tenders[kind] ?? 0)}`).join(' · ');
}

/** The plan's limit beside a field: what the benefit surely pays, and at most with items to check. */
function limitHint(kind: TenderKind, plan: OrderBenefits): string | undefined {
  const mayPay = (programme: 'snap' | 'wic_fmnp' | 'senior_fmnp') =>
    plan.lines.filter((line) => line[programme] !== false).reduce((sum, line) => sum + line.total_cents, 0);
  const withCheck = (sure: number, may: number) =>
    may > sure ? `; at most ${formatCents(may)} with the items to check with the programme` : '';
  if (kind === 'snap') {
    const may = mayPay('snap');
    return `Plan: ${formatCents(plan.snap_cents)}, the SNAP-eligible items${withCheck(plan.snap_cents, may)}`;
  }
  if ((COUPON_PROGRAMMES as readonly string[]).includes(kind)) {
    const programme = kind as 'wic_fmnp' | 'senior_fmnp';
    const sure = plan.coupon_cents[programme] ?? 0;
    return `Plan: ${formatCents(sure)}, the items these coupons cover${withCheck(sure, mayPay(programme))}`;
  }
  if (kind === 'incentive')
    return `Expected match: up to ${formatCents(plan.incentive_match_cents)}; ${formatCents(plan.incentive_cap_left_cents)} left of today's limit for this shopper`;
  if (kind === 'cash') return `The rest of the order: ${formatCents(plan.rest_cents)}`;
  return undefined;
}

/**
 * On a producer's order card, on the pickup day: what was paid at pickup, and one action per
 * shopper (decision 548): "Paid & picked up" while the order can be handed over, which records the
 * tenders and marks it picked up in one request; "Record payment" (or "Change payment") otherwise.
 * Farmstand never takes the payment: this is the farm's record, checked against the programmes'
 * rules by the server (decision 516).
 */
export function RecordPayment({ order }: { order: Order }) {
  const recordable = RECORDABLE.has(order.status);
  const benefits = useOrderBenefits(order.id, recordable);
  const [open, setOpen] = useState<'record' | 'hand-over' | null>(null);
  const [saved, setSaved] = useState('');
  if (!recordable) return null;
  const plan = benefits.data;
  const recorded = plan?.tenders ? plan : null;
  const canHandOver = order.allowed.includes('picked_up');
  const start = (mode: 'record' | 'hand-over') => {
    setSaved('');
    setOpen(mode);
  };

  return (
    <section
      aria-labelledby={`payment-${order.id}-heading`}
      className="mt-3 rounded-lg border border-stone-200 px-3 py-2 text-sm dark:border-stone-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h4 id={`payment-${order.id}-heading`} className="font-semibold">
            Paid at pickup
          </h4>
          <p className="text-stone-700 dark:text-stone-300" data-testid={`payment-${order.id}`}>
            {benefits.isPending
              ? 'Loading…'
              : benefits.isError
                ? 'Could not load what was recorded.'
                : recorded
                  ? recordedText(recorded)
                  : 'Not recorded yet.'}
            {recorded?.recorded_at && (
              <span className="block text-xs text-stone-600 dark:text-stone-400">
                Recorded {formatZonedMoment(recorded.recorded_at, order.window.time_zone)}
              </span>
            )}
          </p>
        </div>
        {canHandOver ? (
          <Button
            size="sm"
            aria-label={`Paid & picked up: order #${order.id}, ${order.shopper.name}`}
            onClick={() => start('hand-over')}
          >
            Paid &amp; picked up
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${recorded ? 'Change payment' : 'Record payment'} for order #${order.id}`}
            onClick={() => start('record')}
          >
            {recorded ? 'Change payment' : 'Record payment'}
          </Button>
        )}
      </div>
      <p role="status" className="font-medium text-green-800 dark:text-green-300">
        {saved}
      </p>
      {open && (
        <RecordTendersDialog
          order={order}
          plan={plan}
          handOver={open === 'hand-over'}
          // A refetch under way (just after weighing, say) would fill the form from the old plan.
          loading={benefits.isPending || benefits.isFetching}
          loadError={benefits.isError ? errorMessage(benefits.error, "Could not load this order's plan; try again") : null}
          onClose={() => setOpen(null)}
          onSaved={(message) => {
            setOpen(null);
            setSaved(message);
          }}
        />
      )}
    </section>
  );
}

function RecordTendersDialog({
  order,
  plan,
  handOver,
  loading,
  loadError,
  onClose,
  onSaved,
}: {
  order: Order;
  plan: OrderBenefits | null | undefined;
  handOver: boolean;
  loading: boolean;
  loadError: string | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const title = handOver
    ? `Paid & picked up: order #${order.id}, ${order.shopper.name}`
    : `Record payment for order #${order.id}`;
  // The form starts from the plan as it is once nothing is loading, and then stays: a later refresh
  // updates its limits without clearing what was typed.
  const [started, setStarted] = useState(!loading && Boolean(plan));
  useEffect(() => {
    if (!loading && plan) setStarted(true);
  }, [loading, plan]);
  return (
    <Modal title={title} onClose={onClose}>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        What {order.shopper.name} actually paid at pickup{handOver ? '; saving it also marks the order picked up' : ''}. Farmstand
        never takes or processes benefits: you accept them in person.
      </p>
      {!started && !loadError ? (
        <Spinner label="Loading the order's plan…" />
      ) : loadError || !plan ? (
        <>
          <FormError className="mt-4">{loadError ?? "Could not load this order's plan; try again"}</FormError>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <TendersForm order={order} plan={plan} handOver={handOver} onCancel={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function TendersForm({
  order,
  plan,
  handOver,
  onCancel,
  onSaved,
}: {
  order: Order;
  plan: OrderBenefits;
  handOver: boolean;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const record = useRecordTenders(order.id);
  const handOverOrder = useHandOver(order.id);
  const saving = handOver ? handOverOrder : record;
  // What the order says now (the cards and this plan refresh after each weighed pack: decision 549).
  const amount = amountOfOrder(order);
  const stage = amountStage(amount);
  // Benefits the farm takes now, and any recorded before (so a record can be corrected to 0).
  const kinds = TENDER_KINDS.filter(
    (kind) => !BENEFIT_KINDS.has(kind) || plan.takes.includes(kind) || (plan.tenders?.[kind] ?? 0) > 0,
  );
  // At the booth, a shopper who planned no benefit most often pays the whole amount in cash: it is
  // filled in, to change or clear before saving.
  const cashInFull = handOver && !plan.tenders && order.planned_benefits.length === 0 && stage === 'final';
  const form = useForm<Record<string, string>, unknown, TendersRequest>({
    defaultValues: Object.fromEntries(
      kinds.map((kind) => [kind, fieldValue(cashInFull && kind === 'cash' ? plan.total_cents : plan.tenders?.[kind])]),
    ),
    resolver: requestResolver(TendersRequest, (values, problem) => {
      const cents = kinds.map((kind) => [kind, parseDollars(values[kind] ?? '')] as const);
      for (const [kind, amount] of cents) if (amount === null) problem(kind, BAD_AMOUNT);
      return Object.fromEntries(cents.map(([kind, amount]) => [kind, amount ?? Number.NaN]));
    }),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const values = form.watch();
  const sum = kinds.reduce((total, kind) => total + (parseDollars(values[kind] ?? '') ?? 0), 0);
  // The server hands an order over only at its final amount: the form says so before asking.
  const toWeigh = handOver && stage !== 'final';

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await saving.mutateAsync(body);
      onSaved(answer?.message || TENDERS_RECORDED);
    } catch (failure) {
      const message = errorMessage(failure, 'Could not record the payment; try again');
      const field = failure instanceof ApiError ? failure.field : undefined;
      form.setError(field && (kinds as string[]).includes(field) ? field : 'root', { message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="amount-to-pay">
        <span className="font-semibold text-stone-900 dark:text-stone-100">To pay: {formatAmountToPay(amount)}</span>. Benefits
        give no change: record what was applied to this order.
      </p>
      {toWeigh && (
        <p role="alert" className="text-sm text-amber-900 dark:text-amber-200">
          Weigh the packs first: the order is handed over at its final amount. Close this and weigh them under “Weigh the packs”.
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold">Amounts in dollars</legend>
        {kinds.map((kind) => (
          <TextInput
            key={kind}
            label={tenderLabel(kind, plan)}
            inputMode="decimal"
            autoComplete="off"
            hint={limitHint(kind, plan)}
            error={errors[kind]?.message}
            {...form.register(kind)}
          />
        ))}
      </fieldset>
      <p className="text-sm font-medium">
        Recorded together: {formatCents(sum)}
        {stage === 'final' ? ` of ${formatCents(plan.total_cents)}` : ''}
      </p>
      <FormError>{errors.root?.message}</FormError>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving.isPending} disabled={toWeigh}>
          {handOver ? 'Save payment and mark picked up' : 'Save payment'}
        </Button>
      </div>
    </form>
  );
}
