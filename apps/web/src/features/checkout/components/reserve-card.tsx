import { byWeightOf, formatByWeight, lineEstimate } from '@farmstand/shared/format/by-weight';
import { formatCents, formatPrice } from '@farmstand/shared/format/money';
import { countNoun } from '@farmstand/shared/format/quantity';
import { isInSeason, outOfSeasonNotice, seasonDay } from '@farmstand/shared/format/season';
import type { Product, ProductVariant } from '@farmstand/shared/schemas/products';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput } from '@/components/ui/field';
import { formatUsd } from '@/lib/format';
import { useAuth } from '@/shared/auth-context';
import { usePublicPickup } from '@/shared/pickup-places';
import { useDayLeft } from '../api';
import { addToBasket, basketCount, maxReservable, reserveBlocker, useBasket } from '../basket';

type ReservableProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'category'
  | 'price'
  | 'price_unit'
  | 'availability'
  | 'stock_quantity'
  | 'seasonal_start'
  | 'seasonal_end'
  | 'producer_user_id'
  | 'farm_name'
  | 'variants'
  | 'weight_unit'
  | 'pack_min'
  | 'pack_max'
  | 'inspection'
>;

/** What one choice offers: the product itself, or one of its variants. */
type Offer = Pick<ProductVariant, 'price' | 'price_unit' | 'weight_unit' | 'pack_min' | 'pack_max' | 'stock_quantity'> & {
  variant: ProductVariant | null;
};

const offerText = (o: Pick<Offer, 'price' | 'price_unit' | 'weight_unit' | 'pack_min' | 'pack_max'>) => {
  const byWeight = byWeightOf(o);
  if (byWeight) return formatByWeight(byWeight);
  return o.price === null ? 'Ask for price' : formatPrice(o.price, o.price_unit);
};

/** The variant choice: a radio group (name and price); a sold-out variant cannot be chosen. */
function VariantChoice({
  variants,
  chosen,
  onChoose,
}: {
  variants: ProductVariant[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset className="w-full">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Choose one</legend>
      {/* Two across: four choices and the Add to basket button fit a phone's first screen (decision 533). */}
      <div className="mt-2 grid grid-cols-2 gap-2">
        {variants.map((v) => {
          const soldOut = v.availability === 'sold_out' || v.stock_quantity === 0;
          return (
            <label
              key={v.id}
              className={`flex items-start gap-2 rounded-lg border border-stone-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-stone-700 dark:has-[:checked]:bg-brand-900/30 ${
                soldOut ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
              }`}
            >
              <input
                type="radio"
                name="variant"
                value={v.id}
                disabled={soldOut}
                checked={chosen === v.id}
                onChange={() => onChoose(v.id)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-semibold">{v.name}</span>
                <span className="block text-stone-700 dark:text-stone-300">
                  {offerText(v)}
                  {soldOut && ' · Sold out'}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * 'Reserve' on the product page: pick a quantity up to the stock and add it to this
 * farm's basket; checkout picks the pickup time. Inquiry-only products say why instead, and a
 * product with no pickup day inside its season says when it can be reserved (decision 504). A share
 * of an animal is reserved on its own card (features/meat-shares, decision 512), chosen by the page.
 */
export function ReserveCard({ product }: { product: ReservableProduct }) {
  const { user } = useAuth();
  const location = useLocation();
  const pickup = usePublicPickup(product.producer_user_id);
  const dayLeft = useDayLeft(product.producer_user_id, product.id);
  const [placeChoice, setPlaceChoice] = useState<number | null>(null);
  const basket = useBasket(product.producer_user_id);
  const [quantity, setQuantity] = useState(1);
  const available = product.variants.filter((v) => v.availability !== 'sold_out' && v.stock_quantity !== 0);
  const [chosenId, setChosenId] = useState<number | null>(available[0]?.id ?? null);
  const hasVariants = product.variants.length > 0;
  const variant = product.variants.find((v) => v.id === chosenId) ?? null;
  // With variants each has its own stock: the product is sold out only when every variant is.
  const blocker = hasVariants
    ? (reserveBlocker({ ...product, stock_quantity: null }) ?? (available.length === 0 ? 'Sold out for now.' : null))
    : reserveBlocker(product);
  const offer: Offer = variant ? { ...variant, variant } : { ...product, variant: null };
  const hasWindows = (pickup.data?.windows.length ?? 0) > 0;
  if (!pickup.data || pickup.data.points.length === 0) return null;
  const season = { seasonal_start: product.seasonal_start, seasonal_end: product.seasonal_end };
  const dates = [...new Set(pickup.data.windows.map((w) => w.date))].sort();
  const seasonNotice = outOfSeasonNotice(season, dates);
  const someOutOfSeason = dates.some((d) => !isInSeason(d, season));
  const isOwn = user?.id === product.producer_user_id;
  // The places with an open pickup time; the shopper says where, so the card offers what that place's day limit leaves.
  const places = pickup.data.points.filter((p) => pickup.data.windows.some((w) => w.point_id === p.id));
  // The place chosen for this farm's basket before, if it still has an open time: one order, one place.
  const place = places.find((p) => p.id === (placeChoice ?? basket?.pointId)) ?? places[0];
  const placeLeft = (dayLeft.data?.places ?? []).find((p) => p.point_id === place?.id);
  const dayRoom = placeLeft?.left ?? null;
  const max = dayRoom === null ? maxReservable(offer.stock_quantity) : Math.min(maxReservable(offer.stock_quantity), dayRoom);
  const variantId = offer.variant?.id ?? null;
  const inBasket = basket?.lines.find((l) => l.productId === product.id && (l.variantId ?? null) === variantId)?.quantity ?? 0;
  const byWeight = byWeightOf(offer);
  const label = offer.variant ? `${product.name} · ${offer.variant.name}` : product.name;
  // What can still go in: the quantity offered never adds up past what can be reserved.
  const room = Math.max(0, max - inBasket);
  const amount = Math.min(quantity, Math.max(room, 1));

  const add = () => {
    addToBasket(
      // The place whose limits the card showed goes with the basket: checkout starts on its first open time.
      { producerUserId: product.producer_user_id, farmName: product.farm_name ?? 'Farm', pointId: place?.id ?? null },
      {
        productId: product.id,
        variantId,
        variantName: offer.variant?.name ?? null,
        name: product.name,
        price: Number(offer.price),
        priceUnit: offer.price_unit,
        weightUnit: offer.weight_unit,
        packMin: offer.pack_min,
        packMax: offer.pack_max,
        quantity: amount,
        max,
        season,
      },
    );
    toast.success(`${amount} × ${label} added to your basket: send it from Checkout`);
  };

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Reserve for pickup</h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">Pay the producer at pickup. No card needed.</p>
      {blocker ? (
        <p className="mt-3 text-stone-700 dark:text-stone-300">{blocker}</p>
      ) : !hasWindows ? (
        <p className="mt-3 text-stone-700 dark:text-stone-300">No pickup times are open right now.</p>
      ) : seasonNotice ? (
        <p className="mt-3 font-medium text-stone-800 dark:text-stone-200">{seasonNotice}.</p>
      ) : !user ? (
        <p className="mt-3">
          <Link
            to="/login"
            state={{ from: location.pathname }}
            className="font-semibold text-brand-700 hover:underline dark:text-green-400"
          >
            Sign in
          </Link>{' '}
          to reserve.
        </p>
      ) : isOwn ? (
        <p className="mt-3 text-stone-700 dark:text-stone-300">This is your product; shoppers reserve it here.</p>
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          {hasVariants && (
            <VariantChoice
              variants={product.variants}
              chosen={chosenId}
              onChoose={(id) => {
                setChosenId(id);
                setQuantity(1);
              }}
            />
          )}
          {byWeight && (
            <p className="w-full text-sm text-stone-700 dark:text-stone-300">
              Sold by weight: {formatByWeight(byWeight)} a pack. You pay for what your packs weigh, at pickup.
            </p>
          )}
          {places.length > 1 && (
            <div className="w-full sm:w-64">
              <SelectInput
                label="Pickup place"
                value={place?.id}
                onChange={(e) => {
                  setPlaceChoice(Number(e.target.value));
                  setQuantity(1);
                }}
              >
                {places.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectInput>
            </div>
          )}
          {place && (placeLeft?.day_limit != null || place.min_order !== null) && (
            <ul className="w-full text-sm text-stone-700 dark:text-stone-300" aria-label={`Limits at ${place.name}`}>
              {placeLeft?.day_limit != null && (
                <li>
                  {placeLeft.left === 0
                    ? `Sold out for every open pickup day at ${place.name} (${placeLeft.day_limit} a day)`
                    : `Up to ${placeLeft.left} a pickup day at ${place.name} (${placeLeft.day_limit} a day)`}
                </li>
              )}
              {place.min_order !== null && (
                <li>
                  Minimum order at {place.name}: {formatUsd(place.min_order)}
                </li>
              )}
            </ul>
          )}
          {room > 0 ? (
            <>
              <div className="w-28">
                <SelectInput label="Quantity to reserve" value={amount} onChange={(e) => setQuantity(Number(e.target.value))}>
                  {Array.from({ length: Math.min(room, 50) }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </SelectInput>
              </div>
              <Button onClick={add}>
                Add to basket ·{' '}
                {byWeight
                  ? `≈ ${formatCents(lineEstimate(byWeight, amount).estimateCents)}`
                  : formatUsd(Number(offer.price) * amount)}
              </Button>
            </>
          ) : max === 0 ? null : (
            <p className="text-stone-700 dark:text-stone-300">All {max} you can reserve are in your basket.</p>
          )}
          {basket && (
            <ButtonLink to={`/checkout/${product.producer_user_id}`} variant="secondary">
              Checkout · basket of {countNoun(basketCount(basket), 'item')}
            </ButtonLink>
          )}
          {someOutOfSeason && (
            <p className="w-full text-sm text-stone-600 dark:text-stone-400">
              Pickup only in season
              {season.seasonal_start && ` from ${seasonDay(season.seasonal_start, dates[0])}`}
              {season.seasonal_end && ` until ${seasonDay(season.seasonal_end, dates[0])}`}.
            </p>
          )}
          {inBasket > 0 && (
            <p className="w-full text-sm text-stone-600 dark:text-stone-400">{inBasket} already in your basket.</p>
          )}
        </div>
      )}
    </Card>
  );
}
