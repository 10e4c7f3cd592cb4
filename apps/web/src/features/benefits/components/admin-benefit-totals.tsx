import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { useState } from 'react';
import { Card, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useAdminBenefitTotals } from '../api';
import { TendersTable } from './tenders-table';

const VALID_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const muted = 'text-stone-700 dark:text-stone-300';

/** "2030-06" for the month `now` is in, on the viewer's clock. */
const monthOf = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** "June 2030" from "2030-06". */
const monthName = (month: string) => formatDateOnly(`${month}-01`, { month: 'long', year: 'numeric' });

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
          <FormError className="mt-3">{errorMessage(totals.error, 'Could not load the benefits tendered; try again')}</FormError>
        ) : !recorded ? (
          <p className={`mt-3 text-sm ${muted}`}>No farm recorded any tenders for pickups in {monthName(month)}.</p>
        ) : (
          <TendersTable
            caption={monthName(month)}
            rows={rows.map((row) => ({ key: row.kind, label: row.label, orders: row.orders, cents: row.cents }))}
            totalLabel="All tenders"
          />
        ))}
    </Card>
  );
}
