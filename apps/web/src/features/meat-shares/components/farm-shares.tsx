import { formatWeight, packCents, toMilli } from '@farmstand/shared/format/by-weight';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents, toCents } from '@farmstand/shared/format/money';
import { DepositRequest, ShareBillRequest, ShareReadyRequest, type ShareReservation } from '@farmstand/shared/schemas/shares';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { ApiError, errorMessage } from '@/lib/api';
import { requestResolver } from '@/lib/form-errors';
import { formatZonedDate } from '@/lib/format';
import {
  useCancelShare,
  useEnterBill,
  useMarkSharePickedUp,
  useMarkShareReady,
  useReceivedShares,
  useRecordDeposit,
} from '../api';
import '@/components/ui/print-sheet.css';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ShareSteps } from './share-steps';

const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });
const cents = (dollars: number) => formatCents(toCents(dollars));
/** A typed amount or weight ("$1,105.50", "212.5"), or NaN. */
const parseNumber = (text: string) =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(/^\$/, '').replace(/,/g, ''));
const text = (value: number | null) => (value === null ? '' : String(value));

const depositResolver = requestResolver(DepositRequest, ({ amount }: { amount: string }, problem) => {
  if (Number.isNaN(parseNumber(amount))) problem('amount', 'Deposit received must be a number');
  return { amount: parseNumber(amount) };
});

type BillValues = { hanging_weight: string; processing_fees: string };
const billOf = (values: BillValues) => ({
  hanging_weight: parseNumber(values.hanging_weight),
  processing_fees: parseNumber(values.processing_fees),
});
const billResolver = requestResolver(ShareBillRequest, (values: BillValues, problem) => {
  if (values.hanging_weight.trim() === '') problem('hanging_weight', 'Enter the hanging weight');
  if (values.processing_fees.trim() === '') problem('processing_fees', 'Enter the processing fees (0 if none)');
  return billOf(values);
});

const readyResolver = requestResolver(ShareReadyRequest, ({ note }: ShareReadyRequest, problem) => {
  if (!note.trim()) problem('note', 'Say when and where the shopper picks it up');
  return { note };
});

const ACTIVE = new Set<ShareReservation['status']>(['reserved', 'processed', 'ready']);
const muted = 'text-stone-700 dark:text-stone-300';
const alertClasses = 'mt-1 text-sm text-red-700 dark:text-red-400';
const NOT_FOR_SALE = 'NOT FOR SALE — custom exempt: for the owner’s household only';

type Group = { key: string; shares: ShareReservation[] };

/** Reservations of one product and processing booking, in processing-date order. */
function groupShares(shares: ShareReservation[]): Group[] {
  const groups = new Map<string, ShareReservation[]>();
  const sorted = [...shares].sort(
    (a, b) => a.processing_date.localeCompare(b.processing_date) || a.created_at.localeCompare(b.created_at),
  );
  for (const share of sorted) {
    const key = `${share.product_id ?? share.product_name}|${share.share_label}|${share.processor}|${share.processing_date}`;
    groups.set(key, [...(groups.get(key) ?? []), share]);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, shares: list }));
}

/**
 * The producer's meat shares on the Orders tab (decision 512): open reservations by product and
 * processing date, each with its steps and the one action its stage allows (deposit, bill, ready,
 * picked up, cancel); picked-up and cancelled ones folded under "Past shares". Nothing when the farm
 * has no share reservations at all.
 */
export function FarmShares() {
  const query = useReceivedShares();
  const shares = query.data?.shares ?? [];
  if (shares.length === 0) return null;
  const active = shares.filter((s) => ACTIVE.has(s.status));
  const past = shares.filter((s) => !ACTIVE.has(s.status));
  return (
    <section aria-labelledby="farm-shares-heading" className="space-y-3">
      <h2 id="farm-shares-heading" className="text-lg font-semibold">
        Meat shares ({active.length})
      </h2>
      {active.length === 0 ? <p className={muted}>No open share reservations.</p> : <ShareGroups groups={groupShares(active)} />}
      {past.length > 0 && (
        <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
          <summary className="cursor-pointer font-semibold">Past shares ({past.length})</summary>
          <div className="mt-3">
            <ShareGroups groups={groupShares(past)} />
          </div>
        </details>
      )}
    </section>
  );
}

function ShareGroups({ groups }: { groups: Group[] }) {
  return (
    <div className="space-y-4">
      {groups.map(({ key, shares }) => {
        const first = shares[0];
        const count = shares.reduce((sum, s) => sum + s.quantity, 0);
        return (
          <div key={key} className="space-y-2">
            <h3 className="font-semibold break-words">
              {first.product_name} · {first.share_label}
            </h3>
            <p className={`text-sm ${muted}`}>
              Processed by {first.processor} on {day(first.processing_date)} · {count} {count === 1 ? 'share' : 'shares'}
            </p>
            <ul className="grid gap-3 lg:grid-cols-2">
              {shares.map((share) => (
                <li key={share.id} className="min-w-0">
                  <FarmShareCard share={share} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function FarmShareCard({ share }: { share: ShareReservation }) {
  const open = ACTIVE.has(share.status);
  const tone =
    share.status === 'cancelled' ? 'gray' : share.status === 'ready' || share.status === 'picked_up' ? 'green' : 'blue';
  return (
    <Card className="space-y-3 p-4 break-words" data-testid={`share-${share.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold">{share.shopper_name}</h4>
          <p className="text-sm">
            {share.quantity} × {share.share_label}
            {share.shopper_phone && (
              <>
                {' · '}
                <a
                  href={`tel:${share.shopper_phone.replace(/[^\d+]/g, '')}`}
                  className="whitespace-nowrap font-medium text-brand-700 underline dark:text-green-400"
                >
                  {share.shopper_phone}
                </a>
              </>
            )}
          </p>
        </div>
        <Badge tone={tone}>{share.state_label}</Badge>
      </div>
      <ShareSteps share={share} />
      <p className="text-sm">
        {share.bill_total !== null && share.amount_due !== null ? (
          <strong>
            Bill: {cents(share.bill_total)} ·{' '}
            {share.amount_due >= 0
              ? `to pay at pickup: ${cents(share.amount_due)}`
              : `you owe back ${cents(-share.amount_due)} of the deposit`}
          </strong>
        ) : (
          <>Estimate: about {cents(share.estimate)}</>
        )}
      </p>
      {share.status === 'cancelled' && share.cancel_reason && <p className="text-sm">Cancelled: {share.cancel_reason}</p>}
      {(share.deposit_requested !== null || share.deposit_received !== null) && <Deposit share={share} open={open} />}
      <CutSheet share={share} />
      {share.status === 'reserved' && <BillForm share={share} />}
      {share.status === 'processed' && (
        <>
          <ReadyForm share={share} />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Correct the bill</summary>
            <BillForm share={share} />
          </details>
        </>
      )}
      {share.status === 'ready' && <PickedUp share={share} />}
      {open && <CancelShare share={share} />}
    </Card>
  );
}

/** The deposit the farm asked for, and the one it received (recorded, or cleared when wrong). */
function Deposit({ share, open }: { share: ShareReservation; open: boolean }) {
  const record = useRecordDeposit();
  const form = useForm<{ amount: string }, unknown, DepositRequest>({
    defaultValues: { amount: share.deposit_requested === null ? '' : String(share.deposit_requested) },
    resolver: depositResolver,
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit(({ amount }) =>
    record.mutate({ id: share.id, amount }, { onSuccess: () => toast.success('Deposit recorded') }),
  );
  return (
    <div className="text-sm">
      {share.deposit_requested !== null && <p>Deposit asked: {cents(share.deposit_requested)}</p>}
      {share.deposit_received !== null ? (
        <div className="flex flex-wrap items-center gap-2">
          <p>
            Deposit received: {cents(share.deposit_received)}
            {share.deposit_received_at && ` on ${formatZonedDate(share.deposit_received_at, share.time_zone)}`}
          </p>
          {open && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Clear the deposit of ${share.shopper_name}`}
              isLoading={record.isPending}
              onClick={() => record.mutate({ id: share.id, amount: null })}
            >
              Clear
            </Button>
          )}
        </div>
      ) : (
        open && (
          <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-2">
            <div className="w-full sm:w-40">
              <TextInput
                label="Deposit received ($)"
                inputMode="decimal"
                autoComplete="off"
                error={form.formState.errors.amount?.message}
                {...form.register('amount')}
              />
            </div>
            <Button type="submit" size="sm" variant="secondary" isLoading={record.isPending}>
              Record deposit
            </Button>
          </form>
        )
      )}
      <FormError className="mt-1">
        {record.isError && errorMessage(record.error, 'Could not save the deposit; try again')}
      </FormError>
    </div>
  );
}

/** The shopper's cut sheet for the processor, printable on its own; or where it stands. */
function CutSheet({ share }: { share: ShareReservation }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    // Let React mark this sheet as the print target before the dialog opens.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const exempt = share.inspection === 'custom_exempt';
  if (!share.cut_sheet) {
    if (!ACTIVE.has(share.status)) return null;
    return (
      <p className="text-sm">
        {share.cut_sheet_open
          ? `Cut sheet not in yet (due ${day(share.cut_sheet_due)})`
          : 'Cut sheet missed: you choose the cuts'}
      </p>
    );
  }
  const { answers, notes } = share.cut_sheet;
  return (
    <details ref={details} className="text-sm">
      <summary className="cursor-pointer font-medium">Cut sheet</summary>
      <div data-print-target={printing} className="mt-2 space-y-2">
        <p className="font-semibold">
          Cut sheet: {share.shopper_name} · {share.quantity} × {share.share_label}
        </p>
        <p className={muted}>
          {share.product_name} · {share.farm_name} · processed by {share.processor} on {day(share.processing_date)}
          {share.shopper_phone ? ` · ${share.shopper_phone}` : ''}
        </p>
        {exempt && (
          <p className="rounded-md border-2 border-red-700 px-2 py-1 font-bold text-red-800 dark:border-red-400 dark:text-red-300">
            {NOT_FOR_SALE}
          </p>
        )}
        {share.cut_sheet_changed && (
          <p>Answered before you changed your cut sheet: these are the questions the shopper answered.</p>
        )}
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {answers.map((a) => (
            <div key={a.question} className="contents">
              <dt className="font-medium">{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
          {notes && (
            <>
              <dt className="font-medium">Notes</dt>
              <dd className="whitespace-pre-line">{notes}</dd>
            </>
          )}
        </dl>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        onClick={() => {
          if (details.current) details.current.open = true;
          setPrinting(true);
        }}
      >
        Print cut sheet
      </Button>
    </details>
  );
}

/**
 * The bill from the processor's sheet: hanging weight × price per lb + fees, less the deposit received.
 * A bill far above the estimate comes back refused (409) until the farm saves it anyway (decision 520).
 */
function BillForm({ share }: { share: ShareReservation }) {
  const bill = useEnterBill();
  const [far, setFar] = useState(false);
  const form = useForm<BillValues, unknown, z.output<typeof ShareBillRequest>>({
    defaultValues: { hanging_weight: text(share.hanging_weight), processing_fees: text(share.processing_fees) },
    resolver: billResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const parsed = ShareBillRequest.safeParse(billOf(form.watch()));
  const send = ({ hanging_weight, processing_fees }: { hanging_weight: number; processing_fees: number }, confirm: boolean) =>
    bill.mutate(
      { id: share.id, bill: { hanging_weight, processing_fees, confirm } },
      {
        onSuccess: () => {
          setFar(false);
          toast.success('Bill entered; the shopper is told');
        },
        // The server's 409 for a bill far above the estimate (its other 409s cannot be confirmed away).
        onError: (e) => setFar(e instanceof ApiError && e.status === 409 && /far above/.test(e.message)),
      },
    );
  const edited = {
    onChange: () => {
      setFar(false);
      bill.reset();
    },
  };
  const submit = form.handleSubmit((values) => send(values, false));
  const estimateWeight = share.hanging_weight_estimate * share.quantity;
  const estimateFees = share.processing_fee_estimate * share.quantity;
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2" aria-label={`Bill for ${share.shopper_name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label="Hanging weight (lb)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.hanging_weight?.message}
          hint={`Expected about ${formatWeight(toMilli(estimateWeight))} lb`}
          {...form.register('hanging_weight', edited)}
        />
        <TextInput
          label="Processing fees ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.processing_fees?.message}
          hint={`Expected about ${cents(estimateFees)}`}
          {...form.register('processing_fees', edited)}
        />
      </div>
      <p aria-live="polite" className="text-sm font-medium">
        {parsed.success ? billPreview(share, parsed.data) : ''}
      </p>
      <Button type="submit" size="sm" isLoading={bill.isPending}>
        Enter bill
      </Button>
      {bill.isError && (
        <div role="alert" className={`${alertClasses} flex flex-wrap items-center gap-3`}>
          <span>{errorMessage(bill.error, 'Could not enter the bill; try again')}</span>
          {far && (
            <Button
              size="sm"
              variant="secondary"
              isLoading={bill.isPending}
              onClick={() => parsed.success && send(parsed.data, true)}
            >
              Save anyway
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

/** "212.5 lb × $4.50/lb + $165.00 − $200.00 deposit = $921.25 to pay at pickup", as the server bills it. */
export function billPreview(
  share: Pick<ShareReservation, 'price_per_lb' | 'deposit_received'>,
  bill: { hanging_weight: number; processing_fees: number },
): string {
  const priceCents = toCents(share.price_per_lb);
  const milli = toMilli(bill.hanging_weight);
  const feesCents = toCents(bill.processing_fees);
  const depositCents = share.deposit_received === null ? 0 : toCents(share.deposit_received);
  const due = packCents(priceCents, milli) + feesCents - depositCents;
  const deposit = depositCents > 0 ? ` − ${formatCents(depositCents)} deposit` : '';
  const result = due >= 0 ? `${formatCents(due)} to pay at pickup` : `you owe back ${formatCents(-due)} of the deposit`;
  return `${formatWeight(milli)} lb × ${formatCents(priceCents)}/lb + ${formatCents(feesCents)}${deposit} = ${result}`;
}

/** Once processed: where and when to pick it up, which the shopper is mailed. */
function ReadyForm({ share }: { share: ShareReservation }) {
  const ready = useMarkShareReady();
  const form = useForm<ShareReadyRequest, unknown, ShareReadyRequest>({
    defaultValues: { note: '' },
    resolver: readyResolver,
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit(({ note }) =>
    ready.mutate({ id: share.id, note }, { onSuccess: () => toast.success('Marked ready; the shopper is told') }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextInput
        label="Pickup details"
        maxLength={300}
        autoComplete="off"
        placeholder="Saturday 9–noon at the farm"
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      <Button type="submit" size="sm" isLoading={ready.isPending}>
        Mark ready
      </Button>
      <FormError className="mt-1">
        {ready.isError && errorMessage(ready.error, 'Could not mark the share ready; try again')}
      </FormError>
    </form>
  );
}

function PickedUp({ share }: { share: ShareReservation }) {
  const pickedUp = useMarkSharePickedUp();
  return (
    <div className="space-y-2 text-sm">
      {share.ready_note && <p className="font-medium">Pickup: {share.ready_note}</p>}
      <Button
        size="sm"
        isLoading={pickedUp.isPending}
        onClick={() => pickedUp.mutate(share.id, { onSuccess: () => toast.success('Share picked up') })}
      >
        Mark picked up
      </Button>
      {pickedUp.isError && (
        <p role="alert" className={alertClasses}>
          {errorMessage(pickedUp.error, 'Could not mark the share picked up; try again')}
        </p>
      )}
    </div>
  );
}

/** The farm cancels a share, saying why: the shopper reads it. */
function CancelShare({ share }: { share: ShareReservation }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
        Cancel share
      </Button>
      {asking && <CancelDialog share={share} onClose={() => setAsking(false)} />}
    </>
  );
}

function CancelDialog({ share, onClose }: { share: ShareReservation; onClose: () => void }) {
  const cancel = useCancelShare();
  return (
    <ReasonDialog
      title={`Cancel ${share.shopper_name}’s ${share.quantity} × ${share.share_label}`}
      label="Reason for the shopper"
      rows={2}
      maxLength={500}
      validate={(reason) => (reason ? null : 'Say why you cancel: the shopper reads it')}
      confirmLabel="Cancel the share"
      cancelLabel="Keep the share"
      isBusy={cancel.isPending}
      error={cancel.isError && errorMessage(cancel.error, 'Could not cancel the share; try again')}
      onConfirm={(reason) =>
        cancel.mutate(
          { id: share.id, reason },
          {
            onSuccess: () => {
              toast.success('Share cancelled; the shopper is told');
              onClose();
            },
          },
        )
      }
      onCancel={onClose}
    />
  );
}
