import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents, toCents } from '@farmstand/shared/format/money';
import type { ShareReservation } from '@farmstand/shared/schemas/shares';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { SelectInput, TextArea } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useCancelShare, useMyShares, useSubmitCutSheet } from '../api';
import { ShareSteps } from './share-steps';

const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });
const cents = (dollars: number) => formatCents(toCents(dollars));

/** The shopper's meat shares on /orders (decision 512): where each stands, its cut sheet and its bill. */
export function MyShares() {
  const query = useMyShares();
  const shares = query.data?.shares ?? [];
  if (shares.length === 0) return null;
  return (
    <section aria-labelledby="shares-heading" className="mb-6">
      <h2 id="shares-heading" className="mb-2 text-lg font-semibold">
        Meat shares
      </h2>
      <ul className="space-y-3">
        {shares.map((share) => (
          <li key={share.id}>
            <ShareCard share={share} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShareCard({ share }: { share: ShareReservation }) {
  const cancel = useCancelShare();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {share.quantity} × {share.share_label}
          </h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {share.product_name} from {share.farm_name} · processed by {share.processor}, {day(share.processing_date)}
          </p>
        </div>
        <Badge tone={share.status === 'cancelled' ? 'gray' : 'green'}>{share.state_label}</Badge>
      </div>
      <ShareSteps share={share} />
      <p className="mt-3 text-sm">
        {share.amount_due !== null && share.bill_total !== null ? (
          <>
            Bill: {share.hanging_weight} lb hanging × {cents(share.price_per_lb)}/lb + {cents(share.processing_fees ?? 0)}{' '}
            processing = {cents(share.bill_total)}
            {share.deposit_received !== null && ` − ${cents(share.deposit_received)} deposit`}.{' '}
            <strong>
              {share.amount_due >= 0
                ? `To pay at pickup: ${cents(share.amount_due)}`
                : `The farm owes you ${cents(-share.amount_due)} of your deposit`}
            </strong>
          </>
        ) : (
          <>
            About {cents(share.estimate)} ({share.hanging_weight_estimate} lb hanging × {cents(share.price_per_lb)}/lb +{' '}
            {cents(share.processing_fee_estimate)} processing a share). Final bill after processing, paid at pickup.
          </>
        )}
      </p>
      {share.deposit_requested !== null && share.deposit_received === null && share.status === 'reserved' && (
        <p className="mt-2 text-sm">
          Deposit: {cents(share.deposit_requested)}, paid to the farm directly
          {share.deposit_link ? (
            <>
              {' '}
              —{' '}
              <a
                href={share.deposit_link}
                rel="noopener noreferrer"
                target="_blank"
                className="font-semibold text-brand-700 underline dark:text-green-400"
              >
                the farm’s payment link
              </a>
            </>
          ) : (
            ' (in person or as the farm tells you)'
          )}
          .
        </p>
      )}
      {share.deposit_received !== null && <p className="mt-2 text-sm">Deposit received: {cents(share.deposit_received)}.</p>}
      {share.ready_note && share.status === 'ready' && (
        <p className="mt-2 text-sm font-medium">Ready for pickup: {share.ready_note}</p>
      )}
      {share.cancel_reason && share.status === 'cancelled' && <p className="mt-2 text-sm">Reason: {share.cancel_reason}</p>}
      {share.cut_sheet_changed && (
        <p className="mt-2 text-sm">
          {share.farm_name} changed its cut sheet after you filled yours in: your answers are kept with the questions you
          answered. Message the farm if you want something added.
        </p>
      )}
      {share.cut_sheet_open ? (
        <CutSheetForm share={share} />
      ) : (
        share.cut_sheet && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">Your cut sheet</summary>
            <CutSheetAnswers share={share} />
          </details>
        )
      )}
      {share.status === 'reserved' && share.cut_sheet_open && (
        <div className="mt-3">
          <Button
            variant="secondary"
            size="sm"
            isLoading={cancel.isPending}
            onClick={() => {
              if (!window.confirm(`Cancel ${share.quantity} × ${share.share_label}?`)) return;
              cancel.mutate({ id: share.id, reason: null }, { onSuccess: () => toast.success('Share cancelled') });
            }}
          >
            Cancel share
          </Button>
          <FormError className="mt-1">{cancel.isError && errorMessage(cancel.error, 'Could not cancel the share')}</FormError>
        </div>
      )}
    </Card>
  );
}

export function CutSheetAnswers({ share }: { share: ShareReservation }) {
  if (!share.cut_sheet) return null;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
      {share.cut_sheet.answers.map((a) => (
        <div key={a.question} className="contents">
          <dt className="font-medium">{a.question}</dt>
          <dd>{a.answer}</dd>
        </div>
      ))}
      {share.cut_sheet.notes && (
        <>
          <dt className="font-medium">Notes</dt>
          <dd>{share.cut_sheet.notes}</dd>
        </>
      )}
    </dl>
  );
}

/** The producer's cut sheet: one choice per question and notes, open through its deadline day. */
function CutSheetForm({ share }: { share: ShareReservation }) {
  const save = useSubmitCutSheet();
  const given = (question: string) => share.cut_sheet?.answers.find((a) => a.question === question)?.answer ?? '';
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(share.cut_sheet_template.map((q) => [q.label, given(q.label)])),
  );
  const [notes, setNotes] = useState(share.cut_sheet?.notes ?? '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: share.id,
        sheet: { answers: Object.entries(answers).map(([question, answer]) => ({ question, answer })), notes: notes || null },
      },
      { onSuccess: () => toast.success('Cut sheet saved') },
    );
  };
  return (
    <details className="mt-3" open={share.cut_sheet === null}>
      <summary className="cursor-pointer text-sm font-semibold">
        {share.cut_sheet ? 'Change your cut sheet' : 'Fill in your cut sheet'} (by {day(share.cut_sheet_due)})
      </summary>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
        {share.cut_sheet_template.map((q) => (
          <SelectInput
            key={q.label}
            label={q.label}
            required
            value={answers[q.label] ?? ''}
            onChange={(e) => setAnswers({ ...answers, [q.label]: e.target.value })}
          >
            <option value="">Choose…</option>
            {q.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </SelectInput>
        ))}
        <div className="sm:col-span-2">
          <TextArea
            label="Notes for the processor (optional)"
            maxLength={1000}
            rows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" isLoading={save.isPending}>
            Save cut sheet
          </Button>
          <FormError className="mt-1">{save.isError && errorMessage(save.error, 'Could not save the cut sheet')}</FormError>
        </div>
      </form>
    </details>
  );
}
