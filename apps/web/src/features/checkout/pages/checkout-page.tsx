import { STORAGE_KEYS } from '@farmstand/shared';
import type { BenefitProgramme } from '@farmstand/shared/benefits/programmes';
import { ORDER_TEXTS } from '@farmstand/shared/constants/orders';
import { FINAL_AFTER_WEIGHING, formatByWeight, formatEstimate } from '@farmstand/shared/format/by-weight';
import { formatCents, formatPrice, toCents } from '@farmstand/shared/format/money';
import { isInSeason, outOfSeasonNotice } from '@farmstand/shared/format/season';
import { PlaceOrderRequest } from '@farmstand/shared/schemas/orders';
import type { PickupWindow } from '@farmstand/shared/schemas/pickup';
import type { MakeStandingRequest, StandingCadence } from '@farmstand/shared/schemas/standing';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { BasketIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { bind, messageAt, requestResolver } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { formatWindow } from '@/lib/pickup-time';
import { useAuth } from '@/shared/auth-context';
import { usePublicPickup } from '@/shared/pickup-places';
import { usePlaceOrder } from '../api';
import {
  type Basket,
  type BasketLine,
  basketAmount,
  basketTotal,
  clearBasket,
  isEstimated,
  lineAmount,
  lineByWeight,
  lineKey,
  removeFromBasket,
  setQuantity,
  useBasket,
} from '../basket';

const NAME_KEY = STORAGE_KEYS.pickupName;

type CheckoutValues = {
  window: string;
  shopperName: string;
  shopperPhone: string;
  deliveryAddress: string;
  note: string;
  repeat: RepeatTerms;
  plannedBenefits: BenefitProgramme[] | null;
};
/** The fields that show their own problem; the rest (the basket, the time, the server's answer) are said above the button. */
const OWN_FIELDS = new Set(['shopperName', 'shopperPhone', 'deliveryAddress', 'note']);
const ORDER_LINE = 'order';
const windowKey = (w: PickupWindow) => `${w.point_id}@${w.starts_at}`;

/** The windows whose local date is inside every basket line's season (decision 504). */
const inEverySeason = (windows: PickupWindow[], basket: Basket) =>
  windows.filter((w) => basket.lines.every((l) => !l.season || isInSeason(w.date, l.season)));

/** Why no pickup time is offered although the farm has some: which product's season, and when. */
function seasonExplanation(windows: PickupWindow[], basket: Basket): string {
  const dates = [...new Set(windows.map((w) => w.date))].sort();
  const outOfSeason = basket.lines.flatMap((l) => {
    const notice = l.season && outOfSeasonNotice(l.season, dates);
    return notice ? [`${l.name}: ${notice}.`] : [];
  });
  if (outOfSeason.length === 0) {
    return 'No pickup time is inside the season of every product in your basket; reserve them in separate orders.';
  }
  const others = basket.lines.length > outOfSeason.length ? ' Or remove it to reserve the rest now.' : '';
  return `${outOfSeason.join(' ')}${others}`;
}

/**
 * A line's quantity. While the field is being edited it shows what is typed, and the basket takes
 * only a whole number from 1 up; an emptied field or 0 leaves the line as it was and shows it again
 * on leaving the field. Only the Remove button takes a line out.
 */
function QuantityField({ producerUserId, line }: { producerUserId: number; line: BasketLine }) {
  const [draft, setDraft] = useState<string | null>(null);
  const id = `qty-${lineKey(line).replace(':', '-')}`;
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        Quantity of {lineName(line)}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={line.max}
        step={1}
        value={draft ?? String(line.quantity)}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim() !== '') setQuantity(producerUserId, line, Number(e.target.value));
        }}
        onBlur={() => setDraft(null)}
        className="w-16 rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-600 dark:bg-stone-900"
      />
    </>
  );
}

/** "Beef cuts · Ribeye, 2 per pack", or the product's name. */
const lineName = (line: BasketLine) => (line.variantName ? `${line.name} · ${line.variantName}` : line.name);

/** One basket line: by weight, each pack's estimate and the line's estimate with its range; else price × quantity. */
function BasketLineRow({ producerUserId, line }: { producerUserId: number; line: BasketLine }) {
  const offer = lineByWeight(line);
  const amount = lineAmount(line);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <span className="font-medium">{lineName(line)}</span>
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <QuantityField producerUserId={producerUserId} line={line} />×{' '}
        {offer ? formatByWeight(offer) : formatPrice(line.price, line.priceUnit)}
        <span className={`text-right font-semibold ${offer ? '' : 'w-20'}`}>
          {offer ? formatEstimate(amount) : formatCents(amount.estimateCents)}
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${lineName(line)}`}
          onClick={() => removeFromBasket(producerUserId, line)}
        >
          Remove
        </Button>
      </span>
    </li>
  );
}

/** The basket as another feature's part reads it (the benefits plan): each line's total in cents as shown here. */
export type CheckoutBasket = {
  producerUserId: number;
  lines: { productId: number; name: string; totalCents: number }[];
  /** Some line is sold by weight: its total is an estimate. */
  estimated: boolean;
  /** The pickup place (or delivery day) chosen, null until one is: the match is offered only at some (decision 540). */
  place: { pointId: number; name: string } | null;
};

/**
 * The benefits the shopper tells the farm they plan to pay with, for this order, as another
 * feature's part reads and sets them: `value` is null until that part gives its first choice.
 */
export type PlannedBenefitsChoice = {
  producerUserId: number;
  farmName: string;
  value: BenefitProgramme[] | null;
  onChange: (value: BenefitProgramme[]) => void;
};

/** "Repeat this order": whether the placed order becomes the first of a standing reservation, and its terms. */
export type RepeatTerms = { on: boolean; everyWeeks: StandingCadence; endDate: string };

/**
 * Standing reservations, another feature's part: `choice` is the "Repeat this order" card under the
 * pickup times (for the chosen window and the farm's lead time), `make` makes the placed order standing.
 */
export type RepeatOrder = {
  choice: (props: {
    selected: PickupWindow | null;
    settings: { standing_lead_hours?: number } | undefined;
    value: RepeatTerms;
    onChange: (value: RepeatTerms) => void;
  }) => ReactNode;
  make: (request: MakeStandingRequest) => Promise<{ message: string }>;
  isPending: boolean;
};

/**
 * /checkout/{producerUserId}: one farm's basket, a pickup window (or delivery), a note, the total.
 * `tenderPlan` shows what benefits can pay for the basket, `plannedBenefits` lets the shopper tell
 * the farm which they plan to use, sent with the order, and `repeatOrder` offers to make it standing
 * (composed in app/pages: other features' parts).
 */
export default function CheckoutPage({
  tenderPlan,
  plannedBenefits,
  repeatOrder,
}: {
  tenderPlan?: (basket: CheckoutBasket) => ReactNode;
  plannedBenefits?: (choice: PlannedBenefitsChoice) => ReactNode;
  repeatOrder?: RepeatOrder;
} = {}) {
  useDocumentTitle('Checkout');
  const producerUserId = Number(useParams().producerId);
  const basket = useBasket(producerUserId);
  const pickup = usePublicPickup(producerUserId);
  const { user } = useAuth();
  const place = usePlaceOrder();
  const navigate = useNavigate();
  const form = useForm<CheckoutValues, unknown, z.output<typeof PlaceOrderRequest>>({
    defaultValues: {
      window: '',
      shopperName: localStorage.getItem(NAME_KEY) ?? '',
      shopperPhone: user?.phone ?? '',
      deliveryAddress: '',
      note: '',
      repeat: { on: false, everyWeeks: 1, endDate: '' },
      plannedBenefits: null,
    },
    resolver: requestResolver(
      PlaceOrderRequest,
      ({ window: _, repeat: __, plannedBenefits, ...values }: CheckoutValues, problem): unknown => {
        if (!selected) problem(ORDER_LINE, 'Choose a pickup time');
        return {
          ...values,
          producerUserId,
          items: basket?.lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity })),
          pointId: selected?.point_id,
          startsAt: selected?.starts_at,
          deliveryAddress: selected?.kind === 'delivery' ? values.deliveryAddress : null,
          plannedBenefits: plannedBenefits ?? [],
        };
      },
      (path) => (OWN_FIELDS.has(String(path[0])) ? String(path[0]) : ORDER_LINE),
    ),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [chosen, repeat] = form.watch(['window', 'repeat']);

  if (!basket) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title="Your basket for this farm is empty" icon={BasketIcon} page>
          <ButtonLink to="/products" className="mt-4">
            Browse products
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (pickup.isPending) return <Spinner label="Loading pickup times…" />;
  const allWindows = pickup.data?.windows ?? [];
  const windows = inEverySeason(allWindows, basket);
  // Until the shopper picks a time, the first open one at the place chosen on the reserve card.
  const preferred = windows.find((w) => w.point_id === basket.pointId && !w.full);
  const chosenKey = chosen || (preferred ? windowKey(preferred) : null);
  const selected = windows.find((w) => windowKey(w) === chosenKey) ?? null;
  const fee = selected?.kind === 'delivery' ? (selected.delivery_fee ?? 0) : 0;
  // A standing reservation repeats a pickup; delivery days cannot repeat (yet).
  const repeating = repeat.on && selected?.kind !== 'delivery';
  // By weight, the subtotal is the estimate (what the minimum order compares) with its range.
  const subtotal = basketTotal(basket);
  const amount = basketAmount(basket);
  const estimated = isEstimated(basket);
  const feeCents = toCents(fee);
  const totalText = estimated
    ? formatEstimate({
        estimateCents: amount.estimateCents + feeCents,
        minCents: amount.minCents + feeCents,
        maxCents: amount.maxCents + feeCents,
      })
    : formatUsd(subtotal + fee);

  const submit = form.handleSubmit(async (order) => {
    // A refusal is said above the button, from the request's error.
    const result = await place.mutateAsync(order).catch(() => null);
    if (!result) return;
    localStorage.setItem(NAME_KEY, order.shopperName);
    clearBasket(producerUserId);
    toast.success(ORDER_TEXTS.placed);
    if (repeating) await makeStanding(result.order.id, order);
    navigate(`/orders?order=${result.order.id}`);
  });

  /** The order is placed: it becomes the first of a standing reservation. A failure here leaves the order as it is. */
  const makeStanding = async (orderId: number, order: z.output<typeof PlaceOrderRequest>) => {
    if (!repeatOrder) return;
    try {
      const answer = await repeatOrder.make({
        producerUserId,
        items: order.items,
        pointId: order.pointId,
        startsAt: order.startsAt,
        shopperName: order.shopperName,
        shopperPhone: order.shopperPhone,
        note: order.note,
        everyWeeks: repeat.everyWeeks,
        endDate: repeat.endDate || null,
        fromOrderId: orderId,
      });
      toast.success(answer.message);
    } catch (e) {
      toast.error(
        `Your order is placed, but it could not be made standing: ${errorMessage(e, 'please try again')}. You can use “Repeat this order” on it.`,
      );
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <PageTitle subtitle={`Reserve from ${basket.farmName}. ${ORDER_TEXTS.payAtPickup}.`}>Checkout</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-6">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Your basket</h2>
          <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
            {basket.lines.map((line) => (
              <BasketLineRow key={lineKey(line)} producerUserId={producerUserId} line={line} />
            ))}
          </ul>
        </Card>

        {tenderPlan?.({
          producerUserId,
          lines: basket.lines.map((l) => ({
            productId: l.productId,
            name: lineName(l),
            totalCents: lineAmount(l).estimateCents,
          })),
          estimated,
          place: selected ? { pointId: selected.point_id, name: selected.name } : null,
        })}

        {plannedBenefits?.({ producerUserId, farmName: basket.farmName, ...bind(form, 'plannedBenefits') })}

        <Card className="p-5">
          <fieldset>
            <legend className="text-lg font-semibold">Pickup time</legend>
            {allWindows.length === 0 ? (
              <p className="mt-2 text-stone-700 dark:text-stone-300">{ORDER_TEXTS.noWindows}</p>
            ) : windows.length === 0 ? (
              <p className="mt-2 text-stone-700 dark:text-stone-300">{seasonExplanation(allWindows, basket)}</p>
            ) : (
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {windows.slice(0, 12).map((w) => (
                  <li key={windowKey(w)}>
                    <label
                      className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-900/30 ${
                        w.full ? 'cursor-not-allowed opacity-60' : ''
                      } border-stone-300 dark:border-stone-700`}
                    >
                      <input
                        type="radio"
                        name="window"
                        value={windowKey(w)}
                        disabled={w.full}
                        checked={chosenKey === windowKey(w)}
                        onChange={() => form.setValue('window', windowKey(w))}
                        className="mt-0.5"
                      />
                      <span>
                        <span className="block font-semibold">{formatWindow(w.starts_at, w.ends_at, w.time_zone)}</span>
                        <span className="block text-stone-700 dark:text-stone-300">
                          {w.name}
                          {w.booth && ` · ${w.booth}`}
                          {w.kind === 'delivery' && ` · delivery fee ${formatUsd(w.delivery_fee ?? 0)}`}
                        </span>
                        {w.min_order !== null && (
                          <span
                            className={`block ${subtotal < w.min_order ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-stone-600 dark:text-stone-400'}`}
                          >
                            Minimum order {formatUsd(w.min_order)}
                            {subtotal < w.min_order && `: add ${formatUsd(w.min_order - subtotal)} more`}
                          </span>
                        )}
                        {w.full ? (
                          <span className="block text-stone-600 dark:text-stone-400">Full</span>
                        ) : (
                          w.remaining !== null && (
                            <span className="block text-stone-600 dark:text-stone-400">{w.remaining} places left</span>
                          )
                        )}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {windows.length > 0 && windows.length < allWindows.length && (
              <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
                Only times inside the season of every product in your basket are shown.
              </p>
            )}
          </fieldset>
          {selected?.kind === 'delivery' && (
            <div className="mt-4">
              <TextInput
                label="Delivery address"
                error={errors.deliveryAddress?.message}
                {...form.register('deliveryAddress')}
                hint={`Within ${pickup.data?.delivery.radius ?? 0} miles of the farm. Include the ZIP code.`}
                autoComplete="street-address"
              />
            </div>
          )}
        </Card>

        {windows.length > 0 && repeatOrder?.choice({ selected, settings: pickup.data?.settings, ...bind(form, 'repeat') })}

        <Card className="space-y-4 p-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Name for pickup"
              autoComplete="name"
              required
              error={errors.shopperName?.message}
              {...form.register('shopperName')}
            />
            <TextInput
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              error={errors.shopperPhone?.message}
              {...form.register('shopperPhone')}
            />
          </div>
          <TextArea
            label="Note for the producer (optional)"
            rows={3}
            maxLength={1000}
            error={errors.note?.message}
            {...form.register('note')}
          />
        </Card>

        <Card className="p-5">
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{estimated ? formatEstimate(amount) : formatUsd(subtotal)}</dd>
            </div>
            {fee > 0 && (
              <div className="flex justify-between">
                <dt>Delivery</dt>
                <dd>{formatUsd(fee)}</dd>
              </div>
            )}
            <div className="flex justify-between text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{totalText}</dd>
            </div>
          </dl>
          {estimated && (
            <p className="mt-2 text-sm font-medium text-stone-800 dark:text-stone-200" data-testid="checkout-estimate-note">
              {FINAL_AFTER_WEIGHING}. Some items are sold by weight: the total is an estimate until the producer weighs them.
            </p>
          )}
          <p className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900 dark:bg-green-950/40 dark:text-green-100">
            {ORDER_TEXTS.payAtPickup}
          </p>
          <FormError className="mt-3">
            {messageAt(errors, ORDER_LINE) ?? (place.isError && errorMessage(place.error, 'Could not place the order'))}
          </FormError>
          {selected?.min_order != null && (
            <p
              id="checkout-minimum"
              className={`mt-3 text-sm ${subtotal < selected.min_order ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-stone-700 dark:text-stone-300'}`}
            >
              Minimum order at {selected.name}: {formatUsd(selected.min_order)}
              {subtotal < selected.min_order &&
                ` — add ${formatUsd(selected.min_order - subtotal)} more, or choose another place`}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            className="mt-4 w-full"
            isLoading={place.isPending || repeatOrder?.isPending}
            disabled={windows.length === 0 || (selected?.min_order != null && subtotal < selected.min_order)}
            aria-describedby={selected?.min_order != null ? 'checkout-minimum' : undefined}
          >
            Place reservation
          </Button>
        </Card>
      </form>
    </div>
  );
}
