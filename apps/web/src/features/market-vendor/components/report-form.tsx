import { centsText, formatCents } from '@farmstand/shared/format/money';
import { MARKET_CURRENCIES, MARKET_CURRENCY_LABELS, type MarketCurrency } from '@farmstand/shared/schemas/market-office';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { parseDollars } from '@/lib/format';
import type { DayReport, DayReportInput } from '../api';

type Figures = { attended: boolean; sales: string; redemptions: Record<MarketCurrency, string> };

const figures = (attended: boolean, salesCents: number, cents: (c: MarketCurrency) => number): Figures => ({
  attended,
  sales: centsText(salesCents),
  redemptions: Object.fromEntries(MARKET_CURRENCIES.map((c) => [c, centsText(cents(c))])) as Record<MarketCurrency, string>,
});

/** What the register recorded that day at the farm's place at the market. */
const fromRegister = (register: NonNullable<DayReport['fromRegister']>) =>
  figures(true, register.salesCents, (c) => register.redemptions[c] ?? 0);

/** The form starts from the report sent before, else the register's figures, else empty. */
function initial(report: DayReport): Figures {
  if (report.source === null && report.fromRegister) return fromRegister(report.fromRegister);
  return figures(
    report.source === null ? true : report.attended,
    report.salesCents,
    (c) => report.redemptions[c]?.reportedCents ?? 0,
  );
}

/**
 * A vendor's report of a market day from the phone: attended, sales, and what it took in each
 * currency (the tokens and coupons it hands in), pre-filled from its register at its place there.
 */
export function ReportForm({
  report,
  saving,
  error,
  onSave,
}: {
  report: DayReport;
  saving: boolean;
  error: string | undefined;
  onSave: (input: DayReportInput) => void;
}) {
  const [form, setForm] = useState<Figures>(() => initial(report));
  const [problem, setProblem] = useState<string | null>(null);
  const register = report.fromRegister;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const salesCents = parseDollars(form.sales);
    const redemptions: Partial<Record<MarketCurrency, number>> = {};
    for (const c of MARKET_CURRENCIES) {
      const cents = parseDollars(form.redemptions[c]);
      if (cents === null) return setProblem(`Enter ${MARKET_CURRENCY_LABELS[c]} as an amount in dollars, like 12.00`);
      redemptions[c] = cents;
    }
    if (salesCents === null) return setProblem('Enter the day’s sales as an amount in dollars, like 250.00');
    setProblem(null);
    onSave({ attended: form.attended, salesCents, redemptions });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {register && (
        <section
          aria-labelledby="register-figures"
          className="space-y-2 rounded-lg bg-stone-100 px-3 py-3 dark:bg-stone-800"
          data-testid="report-register"
        >
          <h2 id="register-figures" className="font-semibold">
            Your register that day
          </h2>
          <p>
            Sales {formatCents(register.salesCents)}
            {MARKET_CURRENCIES.filter((c) => (register.redemptions[c] ?? 0) > 0).map(
              (c) => ` · ${MARKET_CURRENCY_LABELS[c]} ${formatCents(register.redemptions[c] ?? 0)}`,
            )}
          </p>
          <Button variant="secondary" className="min-h-11" onClick={() => setForm(fromRegister(register))}>
            Use the register’s figures
          </Button>
        </section>
      )}
      <Checkbox
        label="I sold at the market this day"
        checked={form.attended}
        onChange={(attended) => setForm({ ...form, attended })}
      />
      <TextInput
        label="Sales ($)"
        inputMode="decimal"
        value={form.sales}
        onChange={(event) => setForm({ ...form, sales: event.target.value })}
        hint="Everything you sold at the market this day, however it was paid."
        className="min-h-12 text-lg"
      />
      <fieldset className="space-y-3">
        <legend className="font-semibold">Tokens and coupons you took</legend>
        {MARKET_CURRENCIES.map((c) => {
          const counted = report.redemptions[c]?.countedCents ?? null;
          return (
            <TextInput
              key={c}
              label={`${MARKET_CURRENCY_LABELS[c]} ($)`}
              inputMode="decimal"
              value={form.redemptions[c]}
              onChange={(event) => setForm({ ...form, redemptions: { ...form.redemptions, [c]: event.target.value } })}
              hint={counted !== null ? `The market counted ${formatCents(counted)}.` : undefined}
              className="min-h-12 text-lg"
            />
          );
        })}
      </fieldset>
      <FormError>{problem ?? error}</FormError>
      <Button type="submit" size="lg" className="min-h-12 w-full" isLoading={saving}>
        Send the day’s report
      </Button>
    </form>
  );
}
