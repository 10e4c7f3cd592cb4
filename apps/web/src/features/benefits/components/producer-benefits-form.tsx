import { programmeIn } from '@farmstand/shared/benefits/programmes';
import { STATES, type StateCode } from '@farmstand/shared/constants/catalog';
import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { type ProducerBenefits, ProducerBenefitsRequest } from '@farmstand/shared/schemas/benefits';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { Checkbox, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useBenefitTable } from '@/lib/benefit-table';
import { useMyBenefits, useSaveMyBenefits } from '../api';
import { BENEFITS_TEXTS } from '../texts';

const muted = 'text-stone-700 dark:text-stone-300';

type Coupon = 'wic_fmnp' | 'senior_fmnp';
const COUPON_NAMES: Record<Coupon, string> = { wic_fmnp: 'WIC FMNP', senior_fmnp: 'Senior FMNP' };

/**
 * The producer's "Benefits" tab (decision 516): which benefits the farm takes at pickup. SNAP with
 * its FNS retailer number (an admin checks it before shoppers see it), WIC FMNP and Senior FMNP
 * coupons with the date the state's authorisation ends, and the pickup places that are the
 * state's incentive's participating markets (each place says so on the pickup tab, decision 540).
 * Checked with the request's own schema before it is sent.
 */
export function ProducerBenefitsForm() {
  const mine = useMyBenefits();
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Benefits at pickup</h2>
      <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-800 dark:bg-stone-800/60 dark:text-stone-200">
        {BENEFITS_TEXTS.neverProcesses}
      </p>
      {mine.isPending ? (
        <Spinner label="Loading your benefits…" />
      ) : mine.isError ? (
        <FormError>{errorMessage(mine.error, BENEFITS_TEXTS.loadFailed)}</FormError>
      ) : (
        <BenefitsForm benefits={mine.data.benefits} />
      )}
    </Card>
  );
}

function BenefitsForm({ benefits }: { benefits: ProducerBenefits }) {
  const save = useSaveMyBenefits();
  const [takesSnap, setTakesSnap] = useState(Boolean(benefits.fns_number));
  const [fns, setFns] = useState(benefits.fns_number ?? '');
  const [coupons, setCoupons] = useState<Record<Coupon, { accepted: boolean; expiresOn: string }>>({
    wic_fmnp: { accepted: benefits.wic_fmnp.accepted, expiresOn: benefits.wic_fmnp.expires_on ?? '' },
    senior_fmnp: { accepted: benefits.senior_fmnp.accepted, expiresOn: benefits.senior_fmnp.expires_on ?? '' },
  });
  const table = useBenefitTable();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const state = (STATES as readonly string[]).includes(benefits.state) ? (benefits.state as StateCode) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const coupon = (key: Coupon) => ({
      accepted: coupons[key].accepted,
      expires_on: coupons[key].accepted && coupons[key].expiresOn ? coupons[key].expiresOn : null,
    });
    const body: ProducerBenefitsRequest = {
      fns_number: takesSnap ? fns : null,
      wic_fmnp: coupon('wic_fmnp'),
      senior_fmnp: coupon('senior_fmnp'),
    };
    const found: Record<string, string> = {};
    // The schema reads an empty number as "no SNAP"; a ticked box with no number is a slip.
    if (takesSnap && fns.trim() === '') found.fns_number = 'Give your 7-digit FNS retailer number, or untick SNAP';
    const parsed = ProducerBenefitsRequest.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data, { onSuccess: (answer) => setMessage(answer.message) });
  };

  const changeCoupon = (key: Coupon, change: Partial<{ accepted: boolean; expiresOn: string }>) =>
    setCoupons((all) => ({ ...all, [key]: { ...all[key], ...change } }));
  const snapStatus = benefits.fns_number ? BENEFITS_TEXTS.snapStatus(benefits.snap_status, benefits.snap_note) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="font-semibold">SNAP/EBT</legend>
        <Checkbox
          checked={takesSnap}
          onChange={setTakesSnap}
          label="I take SNAP/EBT at pickup"
          hint="You need your own USDA FNS retailer authorisation and EBT device."
        />
        {takesSnap && (
          <TextInput
            label="FNS retailer number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            placeholder="1234567"
            hint="7 digits, as on your SNAP authorisation letter. An admin checks it before shoppers see that you take SNAP."
            value={fns}
            error={errors.fns_number}
            onChange={(e) => setFns(e.target.value)}
          />
        )}
        {snapStatus && (
          <p className="text-sm">
            <span className="font-medium">FNS number {benefits.fns_number}: </span>
            <span className={STATUS_CLASSES[benefits.snap_status]}>{snapStatus}</span>
          </p>
        )}
      </fieldset>

      {(['wic_fmnp', 'senior_fmnp'] as const).map((key) => {
        const saved = benefits[key];
        const ended = saved.accepted && saved.expires_on && saved.expires_on < todayDateOnly();
        return (
          <fieldset key={key} className="space-y-3">
            <legend className="font-semibold">{COUPON_NAMES[key]} coupons</legend>
            <Checkbox
              checked={coupons[key].accepted}
              onChange={(accepted) => changeCoupon(key, { accepted })}
              label={`I take ${COUPON_NAMES[key]} coupons at pickup`}
              hint={state ? `Authorised by ${programmeIn(table, key, state).authorisedBy}.` : undefined}
            />
            {coupons[key].accepted && (
              <TextInput
                label={`${COUPON_NAMES[key]} authorisation ends`}
                type="date"
                hint="After this day shoppers no longer see that you take these coupons."
                value={coupons[key].expiresOn}
                error={errors[`${key}.expires_on`]}
                onChange={(e) => changeCoupon(key, { expiresOn: e.target.value })}
              />
            )}
            {saved.accepted && saved.expires_on && (
              <p className={`text-sm ${ended ? 'text-orange-800 dark:text-orange-300' : muted}`}>
                {ended
                  ? `Your authorisation ended on ${formatDateOnly(saved.expires_on)}: shoppers no longer see it. Give the new end date once it is renewed.`
                  : `Your authorisation ends on ${formatDateOnly(saved.expires_on)}.`}
              </p>
            )}
          </fieldset>
        );
      })}

      <fieldset className="space-y-2">
        <legend className="font-semibold">Incentive</legend>
        {benefits.incentive_name ? (
          <>
            <p className={`text-sm ${muted}`}>{BENEFITS_TEXTS.incentiveAtPlaces(benefits.incentive_name)}</p>
            {benefits.incentive_places.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Your places that are participating markets">
                {benefits.incentive_places.map((place) => (
                  <li key={`${place.name}|${place.market}`} className="break-words">
                    {place.name}: <span className="font-medium">{place.market}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm font-medium">{BENEFITS_TEXTS.incentiveNoPlaces}</p>
            )}
          </>
        ) : (
          <p className={`text-sm ${muted}`}>{BENEFITS_TEXTS.incentiveUnknown}</p>
        )}
      </fieldset>

      <FormError>{save.isError && errorMessage(save.error, BENEFITS_TEXTS.saveFailed)}</FormError>
      <div
        role="status"
        className={message ? 'rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-green-100' : ''}
      >
        {message}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending}>
          Save benefits
        </Button>
      </div>
    </form>
  );
}
const STATUS_CLASSES: Record<ProducerBenefits['snap_status'], string> = {
  none: muted,
  pending: 'font-medium text-amber-800 dark:text-amber-300',
  verified: 'font-medium text-green-800 dark:text-green-300',
  rejected: 'font-medium text-red-700 dark:text-red-400',
};
