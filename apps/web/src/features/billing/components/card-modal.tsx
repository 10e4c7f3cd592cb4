import { formatDate } from '@farmstand/shared';
import type { SubscriptionStatusResponse, TestCard } from '@farmstand/shared/schemas/billing';
import { BILLING_TEXTS, CARD_TEXTS } from '@farmstand/shared/schemas/billing';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { confirmSubscription, createPaymentIntent } from '../api';
import { type PlanOption, TEST_CARDS } from '../billing-content';
import { mountStripeCard, StripeCardError, type StripeCardField } from '../stripe-js';
import { planPrice, trialChargeSentence } from '../trial-charge';
import { type CardForm, validate } from './card-form-check';

type Props = {
  plan: PlanOption;
  /** When the plan is first charged if it is not charged now: the free trial's end (decision 531). */
  firstChargeAt: string | null;
  provider: SubscriptionStatusResponse['provider'];
  publishableKey: string | null;
  onClose: () => void;
  onSubscribed: (subscription: SubscriptionStatusResponse) => void;
};

const EMPTY: CardForm = { number: '', expiry: '', cvc: '', zip: '' };

/** 1234567812345678 → "1234 5678 1234 5678" as the user types. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

function toTestCard(form: CardForm): TestCard {
  const [month, year] = form.expiry.split('/').map(Number);
  return { number: form.number.replace(/\s/g, ''), exp_month: month, exp_year: 2000 + year, cvc: form.cvc, zip: form.zip };
}

/**
 * The failure text for each step that can go wrong (spec 01 §8): a refused card says what happened
 * and what to do, in the server's words (CARD_TEXTS) or Stripe's, never "validation failed" (decision 531).
 */
function failureText(step: 'intent' | 'confirm', error: unknown): string {
  if (step === 'intent') return error instanceof ApiError && error.status === 409 ? error.message : BILLING_TEXTS.createFailed;
  if (error instanceof StripeCardError) return error.message;
  if (error instanceof ApiError && (error.status === 402 || error.status === 400 || error.status === 409)) return error.message;
  if (error instanceof ApiError) return BILLING_TEXTS.genericError;
  return CARD_TEXTS.notChecked;
}

/** The card-entry modal on the native <dialog>: focus stays inside, Esc closes it. */
export function CardModal({ plan, firstChargeAt, provider, publishableKey, onClose, onSubscribed }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stripeContainer = useRef<HTMLDivElement>(null);
  const stripeField = useRef<StripeCardField | null>(null);
  const titleId = useId();
  const [form, setForm] = useState<CardForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CardForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const usesStripe = provider === 'stripe' && Boolean(publishableKey);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    if (!usesStripe || !publishableKey || !stripeContainer.current) return;
    let cancelled = false;
    mountStripeCard(publishableKey, stripeContainer.current)
      .then((field) => {
        if (cancelled) field.destroy();
        else stripeField.current = field;
      })
      .catch(() => setFailure(BILLING_TEXTS.genericError));
    return () => {
      cancelled = true;
      stripeField.current?.destroy();
      stripeField.current = null;
    };
  }, [usesStripe, publishableKey]);

  const update = (field: keyof CardForm, value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!usesStripe) {
      const found = validate(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    setIsBusy(true);
    try {
      let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
      try {
        intent = await createPaymentIntent(plan.type);
      } catch (error) {
        setFailure(failureText('intent', error));
        return;
      }
      try {
        if (usesStripe) {
          if (!stripeField.current) throw new Error('Stripe card field is not ready');
          await stripeField.current.confirmSetup(intent.client_secret);
        }
        const result = await confirmSubscription(intent.setup_intent_id, usesStripe ? undefined : toTestCard(form));
        onSubscribed(result.subscription);
      } catch (error) {
        setFailure(failureText('confirm', error));
      }
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-black/50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Subscribe: {plan.name} plan
      </h2>
      {firstChargeAt ? (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          <span className="font-semibold text-stone-900 dark:text-stone-100">
            {trialChargeSentence(firstChargeAt, plan.price)}
          </span>{' '}
          Nothing is charged today; then {planPrice(plan.price)} per {plan.period} until you cancel.
        </p>
      ) : (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {planPrice(plan.price)} per {plan.period}, renews automatically until you cancel.
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        {usesStripe ? (
          <div>
            <span className="block text-sm font-medium text-stone-800 dark:text-stone-200">Card details</span>
            <div
              ref={stripeContainer}
              className="mt-1 rounded-lg border border-stone-300 bg-white px-3 py-3 dark:border-stone-600"
            />
          </div>
        ) : (
          <>
            <TextInput
              label="Card number"
              value={form.number}
              onChange={(event) => update('number', formatCardNumber(event.target.value))}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              error={errors.number}
              autoFocus
            />
            <div className="grid grid-cols-2 gap-3">
              <TextInput
                label="Expiry (MM/YY)"
                value={form.expiry}
                onChange={(event) => update('expiry', formatExpiry(event.target.value))}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                error={errors.expiry}
              />
              <TextInput
                label="CVC"
                value={form.cvc}
                onChange={(event) => update('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                error={errors.cvc}
              />
            </div>
            <TextInput
              label="ZIP code"
              value={form.zip}
              onChange={(event) => update('zip', event.target.value.replace(/\D/g, '').slice(0, 5))}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="40502"
              error={errors.zip}
            />
            <p className="rounded-lg bg-stone-100 px-3 py-2 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-300">
              Test mode: no real charge. Use {TEST_CARDS.success} (succeeds) or {TEST_CARDS.declined} (declined), any future
              expiry and any CVC.
            </p>
          </>
        )}
        {failure && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isBusy}>
            {firstChargeAt
              ? `Subscribe, first charge on ${formatDate(firstChargeAt)}`
              : `Pay ${planPrice(plan.price)} and subscribe`}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
