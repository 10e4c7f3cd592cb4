import { formatCents } from '@farmstand/shared/format/money';
import type { StandReceipt } from '@farmstand/shared/schemas/stand';
import { useParams } from 'react-router';
import { Card, Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { ApiError, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useReceipt } from '../api';

/**
 * /receipt/:token: a stand sale's receipt by the link the farm texted (decision 580), for anyone with
 * the link, signed in or not. Before the farm's phone has synced the sale it says to check back.
 */
export default function ReceiptPage() {
  const { token = '' } = useParams();
  const receipt = useReceipt(token);
  useDocumentTitle(receipt.data ? `Receipt from ${receipt.data.farm_name}` : 'Receipt');
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      {receipt.isPending ? (
        <Spinner />
      ) : receipt.isError ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">Receipt</h1>
          {receipt.error instanceof ApiError && receipt.error.status === 404 ? (
            <Card className="mt-4 p-6">
              <p role="status">{receipt.error.message}</p>
            </Card>
          ) : (
            <LoadError
              className="mt-4"
              text={errorMessage(receipt.error, 'Could not open the receipt. Check your connection and try again.')}
              onRetry={() => receipt.refetch()}
            />
          )}
        </>
      ) : (
        <ReceiptCard receipt={receipt.data} />
      )}
    </div>
  );
}

function Row({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}

function ReceiptCard({ receipt }: { receipt: StandReceipt }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{receipt.farm_name}</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        Receipt for sale #{receipt.sale_id} · <time dateTime={receipt.at}>{receipt.when}</time>
      </p>
      <Card className="mt-4 p-5">
        <ul className="divide-y divide-stone-200 dark:divide-stone-700" aria-label="What was bought">
          {receipt.lines.map((line) => (
            <li
              key={`${line.name}|${line.quantity}|${line.weights?.join(',')}|${line.amount_cents}`}
              className="flex justify-between gap-3 py-2"
            >
              <span className="min-w-0">
                {line.quantity} × {line.name}
                {line.weights && (
                  <span className="block text-sm text-stone-700 dark:text-stone-300">
                    {line.weights.join(', ')} {line.weight_unit}
                  </span>
                )}
              </span>
              <span className="tabular-nums">{formatCents(line.amount_cents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm dark:border-stone-700">
          <Row label="Taxable sales" cents={receipt.taxable_cents} />
          <Row label="Exempt sales" cents={receipt.exempt_cents} />
          <Row label="Sales tax" cents={receipt.tax_cents} />
        </dl>
        <dl className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-700" data-testid="receipt-total">
          <Row label="Total" cents={receipt.total_cents} strong />
        </dl>
        <h2 className="mt-4 text-sm font-semibold">Paid with</h2>
        <dl className="mt-1 space-y-1 text-sm">
          {receipt.tenders.map((t) => (
            <Row key={t.kind} label={t.label} cents={t.cents} />
          ))}
        </dl>
      </Card>
      <p className="mt-4 text-center text-stone-700 dark:text-stone-300">Thank you for buying from {receipt.farm_name}.</p>
    </>
  );
}
