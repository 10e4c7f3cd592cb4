import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { STATES } from '@farmstand/shared/constants/catalog';
import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { PICKUP_TIME_ZONES, TIME_ZONE_LABELS } from '@farmstand/shared/constants/time-zones';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { centsText, formatCents } from '@farmstand/shared/format/money';
import {
  BASKET_FEE_KINDS,
  type BasketFeeKind,
  MARKET_FEE_KINDS,
  type Market,
  type MarketFeeKind,
  MarketInput,
} from '@farmstand/shared/schemas/markets';
import { useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { bind, messageAt, requestResolver, wholePath } from '@/lib/form-errors';
import { parseDollars } from '@/lib/format';

/**
 * A market's fields (decision 581): the admin creates a market and its manager edits it with this
 * one form, checked by the shared `MarketInput` (the server's own rules) before it is sent.
 */

const MONEY = ['matchCapCents', 'snapTokenCents', 'creditTokenCents', 'feeCents', 'feeMinCents', 'feeMaxCents'] as const;
type MoneyField = (typeof MONEY)[number];
const TEXT = ['name', 'description', 'address', 'city', 'zip', 'latitude', 'longitude', 'seasonStart', 'seasonEnd'] as const;
type DayRow = { weekday: string; opens: string; closes: string };
type BasketText = 'basketOpensDays' | 'basketClosesHours' | 'basketFeeCents' | 'basketFeePercent';
type Values = Record<(typeof TEXT)[number] | MoneyField | 'feePercent' | 'incentiveId' | BasketText, string> & {
  state: string;
  timeZone: string;
  feeKind: MarketFeeKind;
  marketDays: DayRow[];
  closedDates: string[];
  boothSnap: boolean;
  boothCredit: boolean;
  boothWic: boolean;
  boothSenior: boolean;
  shareContacts: boolean;
  basketOn: boolean;
  basketFeeKind: BasketFeeKind;
};

export const BAD_DOLLARS = 'Enter an amount in dollars, like 12.50';
const BAD_PERCENT = 'Enter a percentage, like 5 or 7.5';
const BAD_NUMBER = 'Enter a number, or leave it empty';

export const FEE_KIND_LABELS: Record<MarketFeeKind, string> = {
  none: 'No fee',
  per_day: 'A fee per market day',
  per_season: 'A fee per season',
  percent: 'A percentage of sales',
};

export const BASKET_FEE_KIND_LABELS: Record<BasketFeeKind, string> = {
  none: 'No basket fee',
  per_order: 'A flat fee per vendor’s part',
  percent: 'A percentage of each vendor’s part',
};
const BAD_WHOLE = 'Enter a whole number';

const dollars = (cents: number | null | undefined) => (cents == null ? '' : centsText(cents));

function valuesOf(market: Market | undefined, thisYear: number): Values {
  const m = market;
  return {
    name: m?.name ?? '',
    description: m?.description ?? '',
    address: m?.address ?? '',
    city: m?.city ?? '',
    state: m?.state ?? 'KY',
    zip: m?.zip ?? '',
    latitude: m?.latitude == null ? '' : String(m.latitude),
    longitude: m?.longitude == null ? '' : String(m.longitude),
    timeZone: m?.timeZone ?? 'America/New_York',
    seasonStart: m?.seasonStart ?? `${thisYear}-04-01`,
    seasonEnd: m?.seasonEnd ?? `${thisYear}-11-30`,
    marketDays: (m?.marketDays ?? [{ weekday: 6, opens: '08:00', closes: '12:00' }]).map((d) => ({
      ...d,
      weekday: String(d.weekday),
    })),
    closedDates: m?.closedDates ?? [],
    boothSnap: m?.boothSnap ?? true,
    boothCredit: m?.boothCredit ?? true,
    boothWic: m?.boothWic ?? false,
    boothSenior: m?.boothSenior ?? false,
    incentiveId: m?.incentiveId ?? '',
    matchCapCents: dollars(m?.matchCapCents),
    snapTokenCents: dollars(m?.snapTokenCents ?? 100),
    creditTokenCents: dollars(m?.creditTokenCents ?? 500),
    feeKind: m?.feeKind ?? 'none',
    feeCents: dollars(m?.feeCents ?? 0),
    // A basis point is a hundredth of a percent: the same two-decimal step as a cent of a dollar.
    feePercent: dollars(m?.feePercentBp ?? 0),
    feeMinCents: dollars(m?.feeMinCents),
    feeMaxCents: dollars(m?.feeMaxCents),
    shareContacts: m?.shareContacts ?? false,
    basketOn: m?.basketOn ?? false,
    basketOpensDays: String(m?.basketOpensDays ?? 6),
    basketClosesHours: String(m?.basketClosesHours ?? 36),
    basketFeeKind: m?.basketFeeKind ?? 'none',
    basketFeeCents: dollars(m?.basketFeeCents ?? 0),
    basketFeePercent: dollars(m?.basketFeePercentBp ?? 0),
  };
}

/** The request from the form's text: dollars become cents, empty optional numbers null. */
function toRequest(v: Values, problem: (field: string, message: string) => void) {
  const cents = (field: MoneyField, optional: boolean) => {
    if (optional && v[field].trim() === '') return null;
    const found = parseDollars(v[field]);
    if (found === null) problem(field, BAD_DOLLARS);
    return found ?? 0;
  };
  const coordinate = (field: 'latitude' | 'longitude') => {
    if (v[field].trim() === '') return null;
    const n = Number(v[field]);
    if (!Number.isFinite(n)) problem(field, BAD_NUMBER);
    return n;
  };
  const percentBp = parseDollars(v.feePercent);
  if (percentBp === null) problem('feePercent', BAD_PERCENT);
  const fee = v.feeKind === 'per_day' || v.feeKind === 'per_season';
  const whole = (field: 'basketOpensDays' | 'basketClosesHours') => {
    const n = Number(v[field].trim() || Number.NaN);
    if (!Number.isInteger(n)) problem(field, BAD_WHOLE);
    return n;
  };
  const basketPercentBp = parseDollars(v.basketFeePercent);
  if (v.basketFeeKind === 'percent' && basketPercentBp === null) problem('basketFeePercent', BAD_PERCENT);
  const basketFee = v.basketFeeKind === 'per_order' ? parseDollars(v.basketFeeCents) : 0;
  if (basketFee === null) problem('basketFeeCents', BAD_DOLLARS);
  return {
    name: v.name,
    description: v.description,
    address: v.address,
    city: v.city,
    state: v.state,
    zip: v.zip.trim(),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    timeZone: v.timeZone,
    seasonStart: v.seasonStart,
    seasonEnd: v.seasonEnd,
    marketDays: v.marketDays.map((d) => ({ weekday: Number(d.weekday), opens: d.opens, closes: d.closes })),
    closedDates: v.closedDates,
    boothSnap: v.boothSnap,
    boothCredit: v.boothCredit,
    boothWic: v.boothWic,
    boothSenior: v.boothSenior,
    incentiveId: v.incentiveId || null,
    matchCapCents: v.incentiveId ? cents('matchCapCents', true) : null,
    snapTokenCents: cents('snapTokenCents', false),
    creditTokenCents: cents('creditTokenCents', false),
    feeKind: v.feeKind,
    feeCents: fee ? cents('feeCents', false) : 0,
    feePercentBp: v.feeKind === 'percent' ? (percentBp ?? 0) : 0,
    feeMinCents: v.feeKind === 'percent' ? cents('feeMinCents', true) : null,
    feeMaxCents: v.feeKind === 'percent' ? cents('feeMaxCents', true) : null,
    shareContacts: v.shareContacts,
    // Every basket field is sent, always: MarketInput's defaults would otherwise reset them.
    basketOn: v.basketOn,
    basketOpensDays: whole('basketOpensDays'),
    basketClosesHours: whole('basketClosesHours'),
    basketFeeKind: v.basketFeeKind,
    basketFeeCents: basketFee ?? 0,
    basketFeePercentBp: v.basketFeeKind === 'percent' ? (basketPercentBp ?? 0) : 0,
  };
}

/** A problem of the request under the field that shows it ("feePercentBp" is typed as "feePercent"). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'feePercentBp' ? 'feePercent' : path[0] === 'basketFeePercentBp' ? 'basketFeePercent' : wholePath(path);

type Form = UseFormReturn<Values, unknown, MarketInput>;

export function MarketForm({
  market,
  thisYear,
  submitLabel,
  error,
  onSubmit,
}: {
  market?: Market;
  /** The year a new market's season defaults to. */
  thisYear: number;
  submitLabel: string;
  /** Why the last save failed, or nothing. */
  error?: string | false | null;
  onSubmit: (input: MarketInput) => Promise<unknown>;
}) {
  const form: Form = useForm<Values, unknown, MarketInput>({
    defaultValues: valuesOf(market, thisYear),
    resolver: requestResolver(MarketInput, toRequest, fieldOf),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch {
      // Said by `error` above the button.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={market ? `Settings of ${market.name}` : 'New market'}>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">The market</legend>
        <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
        <TextArea label="Description" rows={3} error={errors.description?.message} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_auto_auto]">
          <TextInput label="Address" required error={errors.address?.message} {...form.register('address')} />
          <TextInput label="City" required error={errors.city?.message} {...form.register('city')} />
          <SelectInput label="State" {...form.register('state')}>
            {STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectInput>
          <TextInput
            label="ZIP code"
            inputMode="numeric"
            maxLength={5}
            required
            error={errors.zip?.message}
            {...form.register('zip')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput
            label="Time zone"
            hint="Market days, the booth and the books are dated here"
            {...form.register('timeZone')}
          >
            {PICKUP_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {TIME_ZONE_LABELS[zone]}
              </option>
            ))}
          </SelectInput>
          <TextInput
            label="Latitude"
            inputMode="decimal"
            hint="For the map; may stay empty"
            error={errors.latitude?.message}
            {...form.register('latitude')}
          />
          <TextInput label="Longitude" inputMode="decimal" error={errors.longitude?.message} {...form.register('longitude')} />
        </div>
        <Checkbox label="Share vendors’ contacts with each other" {...check(form, 'shareContacts')} />
      </fieldset>
      <SeasonFields form={form} />
      <BoothFields form={form} />
      <FeeFields form={form} />
      <BasketFields form={form} />
      <FormError>{error}</FormError>
      <Button type="submit" isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

const legend = 'text-lg font-semibold';

/** A yes/no of the form as a checkbox's `checked` and `onChange`. */
function check(form: Form, name: 'boothSnap' | 'boothCredit' | 'boothWic' | 'boothSenior' | 'shareContacts' | 'basketOn') {
  return {
    checked: form.watch(name),
    onChange: (checked: boolean) => form.setValue(name, checked, { shouldDirty: true }),
  };
}
const fieldset = 'space-y-4 border-t border-stone-200 pt-4 dark:border-stone-700';

function SeasonFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const days = useFieldArray({ control: form.control, name: 'marketDays' });
  const closed = bind(form, 'closedDates');
  const [newDate, setNewDate] = useState('');
  const addDate = () => {
    if (!newDate || closed.value.includes(newDate)) return;
    closed.onChange([...closed.value, newDate].sort());
    setNewDate('');
  };
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Season and market days</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Season starts" type="date" error={errors.seasonStart?.message} {...form.register('seasonStart')} />
        <TextInput label="Season ends" type="date" error={errors.seasonEnd?.message} {...form.register('seasonEnd')} />
      </div>
      <ul aria-label="Market days" className="space-y-3">
        {days.fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]">
            <SelectInput label={`Market day ${index + 1}`} {...form.register(`marketDays.${index}.weekday`)}>
              {WEEKDAY_NAMES.map((name, weekday) => (
                <option key={name} value={String(weekday)}>
                  {name}
                </option>
              ))}
            </SelectInput>
            <TextInput label="Opens" type="time" {...form.register(`marketDays.${index}.opens`)} />
            <TextInput
              label="Closes"
              type="time"
              error={messageAt(errors, `marketDays.${index}.closes`) ?? messageAt(errors, `marketDays.${index}.opens`)}
              {...form.register(`marketDays.${index}.closes`)}
            />
            <Button variant="ghost" size="sm" disabled={days.fields.length === 1} onClick={() => days.remove(index)}>
              Remove<span className="sr-only"> market day {index + 1}</span>
            </Button>
          </li>
        ))}
      </ul>
      <FormError>{messageAt(errors, 'marketDays')}</FormError>
      {days.fields.length < 7 && (
        <Button variant="secondary" size="sm" onClick={() => days.append({ weekday: '3', opens: '15:00', closes: '18:00' })}>
          Add a market day
        </Button>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-48">
          <TextInput label="Closed date" type="date" value={newDate} onChange={(e) => setNewDate(e.target.value)} />
        </div>
        <Button variant="secondary" size="sm" onClick={addDate} disabled={!newDate}>
          Add closed date
        </Button>
      </div>
      {closed.value.length > 0 && (
        <ul aria-label="Closed dates" className="flex flex-wrap gap-2">
          {closed.value.map((date) => (
            <li key={date} className="flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm dark:bg-stone-800">
              {formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })}
              <Button variant="ghost" size="sm" onClick={() => closed.onChange(closed.value.filter((d) => d !== date))}>
                Remove<span className="sr-only"> closed date {date}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError>{messageAt(errors, 'closedDates')}</FormError>
    </fieldset>
  );
}

function BoothFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const state = form.watch('state');
  const incentiveId = form.watch('incentiveId');
  const incentives = DEFAULT_BENEFIT_TABLE.incentives.filter((i) => i.state === state || i.id === incentiveId);
  const incentive = DEFAULT_BENEFIT_TABLE.incentives.find((i) => i.id === incentiveId);
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>The info booth</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <Checkbox label="Swipes SNAP cards for tokens" {...check(form, 'boothSnap')} />
        <Checkbox label="Swipes credit and debit cards for tokens" {...check(form, 'boothCredit')} />
        <Checkbox label="Hands out WIC FMNP coupons" {...check(form, 'boothWic')} />
        <Checkbox label="Hands out Senior FMNP coupons" {...check(form, 'boothSenior')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="SNAP token ($)"
          inputMode="decimal"
          error={errors.snapTokenCents?.message}
          {...form.register('snapTokenCents')}
        />
        <TextInput
          label="Card token ($)"
          inputMode="decimal"
          error={errors.creditTokenCents?.message}
          {...form.register('creditTokenCents')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="Incentive matched here" error={errors.incentiveId?.message} {...form.register('incentiveId')}>
          <option value="">None</option>
          {incentives.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </SelectInput>
        {incentiveId && (
          <TextInput
            label="Match cap per shopper per market day ($)"
            inputMode="decimal"
            hint={incentive ? `Empty: the programme’s ${formatCents(incentive.dailyCapCents)} across all vendors` : undefined}
            error={errors.matchCapCents?.message}
            {...form.register('matchCapCents')}
          />
        )}
      </div>
    </fieldset>
  );
}

function FeeFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const kind = form.watch('feeKind');
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Vendor fees</legend>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Fees are never taken out of SNAP: each vendor’s statement shows what the market reimburses and the fee apart.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="How vendors pay" {...form.register('feeKind')}>
          {MARKET_FEE_KINDS.map((k) => (
            <option key={k} value={k}>
              {FEE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectInput>
        {(kind === 'per_day' || kind === 'per_season') && (
          <TextInput
            label={kind === 'per_day' ? 'Fee per market day attended ($)' : 'Fee per season ($)'}
            inputMode="decimal"
            error={errors.feeCents?.message}
            {...form.register('feeCents')}
          />
        )}
        {kind === 'percent' && (
          <TextInput
            label="Percentage of the day’s sales (%)"
            inputMode="decimal"
            error={errors.feePercent?.message}
            {...form.register('feePercent')}
          />
        )}
      </div>
      {kind === 'percent' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Minimum per market day ($)"
            inputMode="decimal"
            hint="May stay empty"
            error={errors.feeMinCents?.message}
            {...form.register('feeMinCents')}
          />
          <TextInput
            label="Maximum per market day ($)"
            inputMode="decimal"
            hint="May stay empty"
            error={errors.feeMaxCents?.message}
            {...form.register('feeMaxCents')}
          />
        </div>
      )}
    </fieldset>
  );
}

/** The market basket (issue 49): shoppers reserve from several vendors for a market day and pick up once. */
function BasketFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const on = form.watch('basketOn');
  const kind = form.watch('basketFeeKind');
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Market basket</legend>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Shoppers fill one basket from several vendors on the market’s page and pick it all up at the booth. Each vendor stays the
        seller and is paid at pickup; a basket fee goes on the vendor’s statement, never out of SNAP.
      </p>
      <Checkbox label="Shoppers may order a market basket" {...check(form, 'basketOn')} />
      {/* Shown while on; kept in the form while off: every basket field is sent either way. */}
      {on && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Ordering opens (days before the market day)"
              inputMode="numeric"
              error={errors.basketOpensDays?.message}
              {...form.register('basketOpensDays')}
            />
            <TextInput
              label="Ordering closes (hours before the market opens)"
              inputMode="numeric"
              hint="A vendor’s own earlier cut-off wins for its products"
              error={errors.basketClosesHours?.message}
              {...form.register('basketClosesHours')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput label="Basket fee" {...form.register('basketFeeKind')}>
              {BASKET_FEE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {BASKET_FEE_KIND_LABELS[k]}
                </option>
              ))}
            </SelectInput>
            {kind === 'per_order' && (
              <TextInput
                label="Fee per vendor’s part ($)"
                inputMode="decimal"
                error={errors.basketFeeCents?.message}
                {...form.register('basketFeeCents')}
              />
            )}
            {kind === 'percent' && (
              <TextInput
                label="Percentage of each vendor’s part (%)"
                inputMode="decimal"
                error={errors.basketFeePercent?.message}
                {...form.register('basketFeePercent')}
              />
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
