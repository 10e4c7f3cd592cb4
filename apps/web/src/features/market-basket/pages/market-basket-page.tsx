import { STORAGE_KEYS } from '@farmstand/shared';
import { BENEFIT_PROGRAMMES, type BenefitProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { type MarketOffer, PlaceMarketBasketRequest } from '@farmstand/shared/schemas/market-basket';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { Checkbox, SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { BasketIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { messageAt, requestResolver } from '@/lib/form-errors';
import { formatWindow, marketDayText } from '@/lib/pickup-time';
import { storage } from '@/lib/storage';
import { useDayOffer, usePlaceMarketBasket } from '../api';
import { QuantityStepper } from '../components/quantity-stepper';
import {
  basketAmount,
  clearMarketBasket,
  type MarketBasket,
  marketLineAmount,
  partsOf,
  removeFromMarketBasket,
  setMarketBasketDate,
  setMarketQuantity,
  useMarketBasketBySlug,
} from '../market-basket';
import { amountText, countText, priceText } from '../market-text';

type Values = { shopperName: string; shopperPhone: string; note: string; plannedBenefits: BenefitProgramme[] };
type Request = ReturnType<typeof PlaceMarketBasketRequest.parse>;

/** /markets/{slug}/basket: the market basket by farm, the pickup day, and "Place market order" (issue 49). */
export default function MarketBasketPage() {
  const slug = useParams().slug ?? '';
  const basket = useMarketBasketBySlug(slug);
  useDocumentTitle('Your market basket');
  if (!basket)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title="Your market basket is empty" icon={BasketIcon} page>
          <p>Add products from the market’s vendors on its page.</p>
          <ButtonLink to={`/markets/${slug}`} variant="secondary" className="mt-4">
            Back to the market
          </ButtonLink>
        </EmptyState>
      </div>
    );
  return <BasketCheckout basket={basket} />;
}

function BasketCheckout({ basket }: { basket: MarketBasket }) {
  const query = useDayOffer(basket.marketId, basket.date);
  const offer = query.offer;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to={`/markets/${basket.slug}`} className="text-sm font-medium text-brand-800 hover:underline dark:text-green-300">
        ← {basket.marketName}
      </Link>
      <PageTitle
        subtitle={`${basket.marketName} · ${countText(
          basket.lines.reduce((n, l) => n + l.quantity, 0),
          partsOf(basket.lines).length,
        )}`}
      >
        Your market basket
      </PageTitle>
      {offer ? (
        <PlaceForm basket={basket} offer={offer} />
      ) : query.missing ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {basket.marketName} takes no market basket orders now.
        </p>
      ) : query.isError ? (
        <LoadError text="This market’s baskets could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <Spinner label="Loading the market day…" />
      )}
    </div>
  );
}

function PlaceForm({ basket, offer }: { basket: MarketBasket; offer: MarketOffer }) {
  const navigate = useNavigate();
  const place = usePlaceMarketBasket(basket.marketId);
  const parts = partsOf(basket.lines);
  const snapFarms = offer.vendors.filter((v) => v.takesSnap && parts.some((p) => p.producerUserId === v.producerUserId));
  const form = useForm<Values, unknown, Request>({
    defaultValues: {
      shopperName: storage.get(STORAGE_KEYS.pickupName) ?? '',
      shopperPhone: '',
      note: '',
      plannedBenefits: [],
    },
    // The basket's lines, its id and the day shown are the request's too; the schema is the server's.
    resolver: requestResolver(PlaceMarketBasketRequest, (v) => ({
      clientKey: basket.clientKey,
      date: offer.date,
      items: basket.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
      shopperName: v.shopperName,
      shopperPhone: v.shopperPhone,
      note: v.note,
      plannedBenefits: v.plannedBenefits,
    })),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const planned = form.watch('plannedBenefits');
  const submit = form.handleSubmit(async (request) => {
    try {
      const placed = await place.mutateAsync(request);
      storage.set(STORAGE_KEYS.pickupName, request.shopperName);
      clearMarketBasket(basket.marketId);
      toast.success(placed.message);
      navigate(`/market-orders/${placed.marketOrder.id}`);
    } catch {
      // Said above the button: the server names the farm and product when stock ran out.
    }
  });
  const vendorOf = (producerUserId: number) => offer.vendors.find((v) => v.producerUserId === producerUserId);
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Place the market basket">
      <Card className="space-y-3 p-5">
        <h2 className="text-lg font-semibold">Pickup</h2>
        <SelectInput label="Market day" value={offer.date} onChange={(e) => setMarketBasketDate(basket.marketId, e.target.value)}>
          {offer.days.map((day) => (
            <option key={day} value={day}>
              {marketDayText(day)}
            </option>
          ))}
        </SelectInput>
        <p data-testid="pickup-time">
          Everything at once at {offer.name}’s info booth: {formatWindow(offer.pickupStart, offer.pickupEnd, offer.timeZone)}
        </p>
        {!offer.open && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {offer.notice ?? 'Ordering is closed for this market day.'}
          </p>
        )}
      </Card>
      {parts.map((part) => {
        const vendor = vendorOf(part.producerUserId);
        return (
          <Card key={part.producerUserId} className="p-5" data-testid="basket-part">
            <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{part.farmName}</h2>
            {vendor && !vendor.open && (
              <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">
                Ordering from this farm has closed for the day: remove its products to place the rest.
              </p>
            )}
            {!vendor && (
              <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">This farm offers nothing on this market day.</p>
            )}
            <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
              {part.lines.map((line) => (
                <li
                  key={`${line.productId}:${line.variantId ?? ''}`}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{line.name}</p>
                    <p className="text-sm text-stone-700 dark:text-stone-300">
                      {priceText(line)} · {amountText(marketLineAmount(line))}
                    </p>
                  </div>
                  <QuantityStepper
                    name={line.name}
                    quantity={line.quantity}
                    max={line.max}
                    onChange={(q) => setMarketQuantity(basket.marketId, line.productId, line.variantId, q)}
                    onRemove={() => removeFromMarketBasket(basket.marketId, line.productId, line.variantId)}
                  />
                </li>
              ))}
            </ul>
            <p className="mt-2 font-semibold">
              Subtotal for {part.farmName}: {amountText(part.amount)}
              {vendor?.takesSnap ? ' · takes SNAP' : ''}
            </p>
          </Card>
        );
      })}
      <Card className="space-y-4 p-5">
        <p className="flex flex-wrap justify-between gap-2 text-lg">
          <span className="font-semibold">Total</span>
          <span className="font-semibold" data-testid="basket-total">
            {amountText(basketAmount(basket.lines))}
          </span>
        </p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Nothing is paid now: at pickup you pay each farm its own part. Each farm confirms its part first.
        </p>
        <TextInput
          label="Name for pickup"
          autoComplete="name"
          required
          error={errors.shopperName?.message}
          {...form.register('shopperName')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional: the market may call if something changes"
          error={errors.shopperPhone?.message}
          {...form.register('shopperPhone')}
        />
        <TextArea label="Note to the farms" rows={2} error={errors.note?.message} {...form.register('note')} />
        <fieldset className="space-y-2">
          <legend className="font-semibold">How you plan to pay (optional)</legend>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {snapFarms.length > 0
              ? `Takes SNAP: ${snapFarms.map((v) => v.farmName).join(', ')}. Each farm sees only what it takes.`
              : 'None of these farms takes SNAP. Each farm sees only what it takes.'}{' '}
            Farmstand never takes or processes benefits.
          </p>
          {BENEFIT_PROGRAMMES.map((programme) => (
            <Checkbox
              key={programme}
              label={TENDER_LABELS[programme]}
              checked={planned.includes(programme)}
              onChange={(on) =>
                form.setValue('plannedBenefits', on ? [...planned, programme] : planned.filter((p) => p !== programme), {
                  shouldDirty: true,
                })
              }
            />
          ))}
          <FormError>{errors.plannedBenefits?.message}</FormError>
        </fieldset>
        <FormError>
          {(messageAt(errors, 'items') ?? messageAt(errors, 'date') ?? messageAt(errors, 'clientKey')) ||
            (place.isError && errorMessage(place.error, 'The market order could not be placed. Try again.'))}
        </FormError>
        <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={isSubmitting} disabled={!offer.open}>
          Place market order
        </Button>
      </Card>
    </form>
  );
}
