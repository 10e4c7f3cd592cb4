import { dollars } from '@farmstand/shared/benefits/eligibility';
import { useState } from 'react';
import { Card, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useAdminBenefitTotals } from '../totals-api';

const VALID_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const muted = 'text-stone-700 dark:text-stone-300';

/** "2030-06" for the month `now` is in, on the viewer's clock. */
const monthOf = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** "June 2030" from "2030-06". */
const monthName = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * In the admin's Analytics tab: what every farm recorded as tendered at pickup in a month, per kind
 * (SNAP/EBT, the coupons, the incentive, cash, card, other), with the orders that had each
 * (decision 516). Farmstand never takes a benefit: these are the farms' own records.
 */
export function AdminBenefitTotals({ initialMonth = monthOf(new Date()) }: { initialMonth?: string }) {
  const [month, setMonth] = useState(initialMonth);
  const valid = VALID_MONTH.test(month);
  const totals = useAdminBenefitTotals(month);
  const rows = totals.data?.rows ?? [];
  const recorded = rows.some((row) => row.orders > 0 || row.cents > 0);
  const total = rows.reduce((sum, row) => sum + row.cents, 0);
  return (
    <Card className="p-4" role="region" aria-labelledby="admin-benefit-totals-heading">
      <h2 id="admin-benefit-totals-heading" className="font-semibold">
        Benefits tendered at pickup
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        What farms recorded as paid at pickup across the platform, by the month of the pickup day. Farmstand never takes or
        processes benefits.
      </p>
      <div className="mt-3 w-48">
        <TextInput
          label="Month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          error={valid ? undefined : 'Enter a month as YYYY-MM, like 2030-06'}
        />
      </div>
      {valid &&
        (totals.isPending ? (
          <Spinner label="Loading the month’s tenders…" />
        ) : totals.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
            {errorMessage(totals.error, 'Could not load the benefits tendered; try again')}
          </p>
        ) : !recorded ? (
          <p className={`mt-3 text-sm ${muted}`}>No farm recorded any tenders for pickups in {monthName(month)}.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">{monthName(month)}</caption>
            <thead>
              <tr className="border-b border-stone-200 dark:border-stone-700">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Paid with
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  Orders
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.kind} className="border-b border-stone-100 dark:border-stone-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {row.label}
                  </th>
                  <td className="py-1 pr-3 text-right">{row.orders}</td>
                  <td className="py-1 text-right">{dollars(row.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="py-1 pr-3 font-semibold">
                  All tenders
                </th>
                <td />
                <td className="py-1 text-right font-semibold">{dollars(total)}</td>
              </tr>
            </tfoot>
          </table>
        ))}
    </Card>
  );
}
