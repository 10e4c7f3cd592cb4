import { formatCents } from '@farmstand/shared/format/money';
import type { ReactNode } from 'react';
import { DataTable, tdClasses } from '@/components/ui/data-table';

export type TenderRow = { key: string; label: ReactNode; orders: number; cents: number };

/** A month's tenders by kind (the farm's ledger, the platform's totals): orders and amount, with the total. */
export function TendersTable({ caption, rows, totalLabel }: { caption: ReactNode; rows: TenderRow[]; totalLabel: string }) {
  const total = rows.reduce((sum, row) => sum + row.cents, 0);
  return (
    <DataTable
      className="mt-3"
      caption={caption}
      showCaption
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { header: 'Paid with', rowHeader: true, cell: (row) => row.label },
        { header: 'Orders', numeric: true, cell: (row) => row.orders },
        { header: 'Amount', numeric: true, cell: (row) => formatCents(row.cents) },
      ]}
      footer={
        <tr>
          <th scope="row" className={`${tdClasses} font-semibold`}>
            {totalLabel}
          </th>
          <td className={tdClasses} />
          <td className={`${tdClasses} text-right font-semibold`}>{formatCents(total)}</td>
        </tr>
      }
    />
  );
}
