import { dollars } from '@farmstand/shared/benefits/eligibility';
import type { ReactNode } from 'react';

export type TenderRow = { key: string; label: ReactNode; orders: number; cents: number };

/** A month's tenders by kind (the farm's ledger, the platform's totals): orders and amount, with the total. */
export function TendersTable({ caption, rows, totalLabel }: { caption: ReactNode; rows: TenderRow[]; totalLabel: string }) {
  const total = rows.reduce((sum, row) => sum + row.cents, 0);
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
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
          <tr key={row.key} className="border-b border-stone-100 dark:border-stone-800">
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
            {totalLabel}
          </th>
          <td />
          <td className="py-1 text-right font-semibold">{dollars(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
