import { isInSeason, outOfSeasonNotice, seasonDay } from '@farmstand/shared/format/season';
import type { Product } from '@farmstand/shared/schemas/products';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput } from '@/components/ui/field';
import { useAuth } from '@/shared/auth-context';
import { usePublicPickup } from '../api';
import { addToBasket, useBasket } from '../basket';
import { maxReservable, money, reserveBlocker } from '../format';

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
>;

/**
 * 'Reserve' on the product page: pick a quantity up to the stock and add it to this
 * farm's basket; checkout picks the pickup time. Inquiry-only products say why instead, and a
 * product with no pickup day inside its season says when it can be reserved (decision 504).
 */
export function ReserveCard({ product }: { product: ReservableProduct }) {
  const { user } = useAuth();
  const location = useLocation();
  const pickup = usePublicPickup(product.producer_user_id);
  const basket = useBasket(product.producer_user_id);
  const [quantity, setQuantity] = useState(1);
  const blocker = reserveBlocker(product);
  const hasWindows = (pickup.data?.windows.length ?? 0) > 0;
  if (!pickup.data || pickup.data.points.length === 0) return null;
  const season = { seasonal_start: product.seasonal_start, seasonal_end: product.seasonal_end };
  const dates = [...new Set(pickup.data.windows.map((w) => w.date))].sort();
  const seasonNotice = outOfSeasonNotice(season, dates);
  const someOutOfSeason = dates.some((d) => !isInSeason(d, season));
  const isOwn = user?.id === product.producer_user_id;
  const max = maxReservable(product.stock_quantity);
  const inBasket = basket?.lines.find((l) => l.productId === product.id)?.quantity ?? 0;
  // What can still go in: the quantity offered never adds up past what can be reserved.
  const room = Math.max(0, max - inBasket);
  const amount = Math.min(quantity, Math.max(room, 1));

  const add = () => {
    addToBasket(
      { producerUserId: product.producer_user_id, farmName: product.farm_name ?? 'Farm' },
      {
        productId: product.id,
        name: product.name,
        price: Number(product.price),
        priceUnit: product.price_unit,
        quantity: amount,
        max,
        season,
      },
    );
    toast.success(`${amount} × ${product.name} in your basket`);
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
              <Button onClick={add}>Reserve · {money(Number(product.price) * amount)}</Button>
            </>
          ) : (
            <p className="text-stone-700 dark:text-stone-300">All {max} you can reserve are in your basket.</p>
          )}
          {basket && (
            <ButtonLink to={`/checkout/${product.producer_user_id}`} variant="secondary">
              Basket ({basket.lines.reduce((n, l) => n + l.quantity, 0)}) · Checkout
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
