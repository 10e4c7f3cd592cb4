import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents } from '@farmstand/shared/format/money';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentTitle } from '@/lib/document-title';
import { useStatement } from '../api';

/**
 * /farm/markets/:id/statement: what the market reimburses the farm for the tokens and coupons it
 * took, less its fee, day by day. The fee is never taken out of SNAP: both are shown apart.
 */
export default function StatementPage() {
  const marketId = Number(useParams().id);
  const statement = useStatement(marketId);
  useDocumentTitle('Market statement');
  const s = statement.data;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6">
      <p>
        <Link
          to="/farm/markets"
          className="text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300"
        >
          My markets
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Statement</h1>
      {statement.isLoading ? (
        <Spinner />
      ) : statement.error ? (
        <LoadError text={statement.error.message} onRetry={() => void statement.refetch()} />
      ) : s ? (
        <>
          <p className="text-stone-700 dark:text-stone-300">
            {s.farmName} · {formatDateOnly(s.from)} to {formatDateOnly(s.to)}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-testid="statement-totals">
            <div className="rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
              <dt className="text-sm">Reimbursed</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(s.reimbursedCents)}</dd>
            </div>
            <div className="rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
              <dt className="text-sm">Fees</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(s.feeCents)}</dd>
            </div>
            {s.basketFeeCents > 0 && (
              <div className="rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
                <dt className="text-sm">Market basket fees</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCents(s.basketFeeCents)}</dd>
              </div>
            )}
            <div className="rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
              <dt className="text-sm">{s.netCents < 0 ? 'You owe' : 'Paid to you'}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(Math.abs(s.netCents))}</dd>
            </div>
          </dl>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Market days</caption>
              <thead>
                <tr className="border-b border-stone-200 dark:border-stone-700">
                  <th scope="col" className="py-2 pr-2">
                    Market day
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right">
                    Sales
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right">
                    Reimbursed
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Fee
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.days.map((d) => (
                  <tr key={d.marketDate} className="border-b border-stone-100 dark:border-stone-800">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      <Link to={`/farm/markets/${marketId}/report/${d.marketDate}`} className="underline underline-offset-4">
                        {formatDateOnly(d.marketDate)}
                      </Link>
                      {!d.attended && ' (absent)'}
                    </th>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatCents(d.salesCents)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {formatCents(Object.values(d.reimbursed).reduce((sum, cents) => sum + cents, 0))}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatCents(d.feeCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
