import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { centsText, formatCents } from '@farmstand/shared/format/money';
import {
  MARKET_CURRENCIES,
  MARKET_CURRENCY_LABELS,
  type MarketCurrency,
  RedemptionCountInput,
  type VendorDayReport,
  VendorDayReportInput,
} from '@farmstand/shared/schemas/market-office';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { Checkbox, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { requestResolver } from '@/lib/form-errors';
import { parseDollars } from '@/lib/format';
import { useSaveCount, useSaveVendorReport, useVendorDay } from '../api';
import { BAD_DOLLARS } from './market-form';

type Report = z.output<typeof VendorDayReport>;
type Amounts = Record<MarketCurrency, string>;
const blank = (text: (c: MarketCurrency) => string): Amounts =>
  Object.fromEntries(MARKET_CURRENCIES.map((c) => [c, text(c)])) as Amounts;

/** Cents per currency from the form's dollars, only where something is typed; a problem per field otherwise. */
function amountsOf(values: Amounts, problem: (field: string, message: string) => void) {
  const found: Partial<Record<MarketCurrency, number>> = {};
  for (const currency of MARKET_CURRENCIES) {
    if (values[currency].trim() === '') continue;
    const cents = parseDollars(values[currency]);
    if (cents === null) problem(`amounts.${currency}`, BAD_DOLLARS);
    else found[currency] = cents;
  }
  return found;
}

const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'redemptions' || path[0] === 'counted' ? `amounts.${String(path[1])}` : String(path[0] ?? 'root');

/**
 * One vendor's market day as the manager sees it (decision 582): the vendor's report (or the
 * manager's, entered for a vendor without a phone) and the market's count of what the vendor
 * handed in, per currency, each saved on its own. What the farm's register recorded is shown beside.
 */
export function VendorDayDialog({
  marketId,
  producerId,
  farmName,
  date,
  onClose,
}: {
  marketId: number;
  producerId: number;
  farmName: string;
  date: string;
  onClose: () => void;
}) {
  const day = useVendorDay(marketId, producerId, date);
  return (
    <Modal title={`${farmName}, ${formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' })}`} onClose={onClose}>
      {day.isPending ? (
        <Spinner />
      ) : day.isError ? (
        <LoadError text={errorMessage(day.error, 'Could not load the vendor’s day.')} onRetry={() => day.refetch()} />
      ) : (
        <div className="space-y-6">
          <ReportForm marketId={marketId} producerId={producerId} date={date} report={day.data} />
          <CountForm marketId={marketId} producerId={producerId} date={date} report={day.data} />
        </div>
      )}
    </Modal>
  );
}

type ReportValues = { attended: boolean; sales: string; amounts: Amounts };

function ReportForm({
  marketId,
  producerId,
  date,
  report,
}: {
  marketId: number;
  producerId: number;
  date: string;
  report: Report;
}) {
  const save = useSaveVendorReport(marketId, producerId, date);
  const register = report.fromRegister;
  const form = useForm<ReportValues, unknown, z.output<typeof VendorDayReportInput>>({
    defaultValues: {
      attended: report.attended,
      sales: report.source ? centsText(report.salesCents) : '',
      amounts: blank((c) => (report.source ? centsText(report.redemptions[c]?.reportedCents ?? 0) : '')),
    },
    resolver: requestResolver(
      VendorDayReportInput,
      (v, problem) => {
        const sales = parseDollars(v.sales);
        if (sales === null) problem('sales', BAD_DOLLARS);
        return { attended: v.attended, salesCents: sales ?? 0, redemptions: amountsOf(v.amounts, problem) };
      },
      (path) => (path[0] === 'salesCents' ? 'sales' : fieldOf(path)),
    ),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutateAsync(body).then(
      () => toast.success('Report saved'),
      () => undefined,
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="report-heading" className="space-y-3">
      <h3 id="report-heading" className="font-semibold">
        The vendor’s report
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {report.source === 'vendor'
          ? 'Sent by the vendor. What you save here replaces it.'
          : report.source === 'manager'
            ? 'Entered by the market.'
            : 'Not reported yet: enter it for the vendor.'}
      </p>
      <Checkbox
        label="Attended this market day"
        checked={form.watch('attended')}
        onChange={(checked) => form.setValue('attended', checked)}
      />
      <TextInput
        label="Sales ($)"
        inputMode="decimal"
        hint={register ? `The farm’s register: ${formatCents(register.salesCents)}` : undefined}
        error={errors.sales?.message}
        {...form.register('sales')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {MARKET_CURRENCIES.map((c) => (
          <TextInput
            key={c}
            label={`${MARKET_CURRENCY_LABELS[c]} redeemed ($)`}
            inputMode="decimal"
            hint={register ? `Register: ${formatCents(register.redemptions[c] ?? 0)}` : undefined}
            error={errors.amounts?.[c]?.message}
            {...form.register(`amounts.${c}`)}
          />
        ))}
      </div>
      <FormError>{save.isError && errorMessage(save.error, 'Could not save the report. Please try again.')}</FormError>
      <Button type="submit" isLoading={isSubmitting}>
        Save the report
      </Button>
    </form>
  );
}

function CountForm({
  marketId,
  producerId,
  date,
  report,
}: {
  marketId: number;
  producerId: number;
  date: string;
  report: Report;
}) {
  const save = useSaveCount(marketId, producerId, date);
  const form = useForm<{ amounts: Amounts }, unknown, z.output<typeof RedemptionCountInput>>({
    defaultValues: { amounts: blank((c) => centsTextOrEmpty(report.redemptions[c]?.countedCents ?? null)) },
    resolver: requestResolver(RedemptionCountInput, (v, problem) => ({ counted: amountsOf(v.amounts, problem) }), fieldOf),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutateAsync(body).then(
      () => toast.success('Count saved'),
      () => undefined,
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="count-heading"
      className="space-y-3 border-t border-stone-200 pt-4 dark:border-stone-700"
    >
      <h3 id="count-heading" className="font-semibold">
        The market’s count
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        What the vendor handed in, counted by the market. A count replaces the report in the books; empty: not counted.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {MARKET_CURRENCIES.map((c) => (
          <TextInput
            key={c}
            label={`${MARKET_CURRENCY_LABELS[c]} counted ($)`}
            inputMode="decimal"
            hint={`Reported: ${formatCents(report.redemptions[c]?.reportedCents ?? 0)}`}
            error={errors.amounts?.[c]?.message}
            {...form.register(`amounts.${c}`)}
          />
        ))}
      </div>
      <FormError>{save.isError && errorMessage(save.error, 'Could not save the count. Please try again.')}</FormError>
      <Button type="submit" isLoading={isSubmitting}>
        Save the count
      </Button>
    </form>
  );
}

const centsTextOrEmpty = (cents: number | null) => (cents === null ? '' : centsText(cents));
