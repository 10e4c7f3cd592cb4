import { maxReservable } from '@farmstand/shared/constants/orders';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { MarketOffer } from '@farmstand/shared/schemas/market-basket';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Badge, Card, Spinner } from '@/components/ui/card';
import { SelectInput } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { formatZonedMoment } from '@/lib/format';
import { formatWindow, marketDayText } from '@/lib/pickup-time';
import { useDayOffer } from '../api';
import {
  addToMarketBasket,
  basketAmount,
  type MarketBasket,
  type MarketLine,
  partsOf,
  removeFromMarketBasket,
  setMarketBasketDate,
  setMarketQuantity,
  unitCount,
  useMarketBasket,
} from '../market-basket';
import { countText, priceText, sectionTitle } from '../market-text';
import { QuantityStepper } from './quantity-stepper';

type Vendor = MarketOffer['vendors'][number];
type Product = Vendor['products'][number];
/** One thing to add: a product, or one of its variants. */
type Offered = {
  key: string;
  productId: number;
  variantId: number | null;
  name: string;
  price: number | null;
  priceUnit: string | null;
  stock: number | null;
  product: Product;
};

const offeredOf = (product: Product): Offered[] =>
  product.variants.length === 0
    ? [
        {
          key: `${product.id}`,
          productId: product.id,
          variantId: null,
          name: product.name,
          price: product.price,
          priceUnit: product.priceUnit,
          stock: product.stockQuantity,
          product,
        },
      ]
    : product.variants.map((v) => ({
        key: `${product.id}:${v.id}`,
        productId: product.id,
        variantId: v.id,
        name: lineName(product.name, v.name),
        price: v.price,
        priceUnit: v.priceUnit,
        stock: v.stockQuantity,
        product,
      }));

/**
 * "This Saturday at the market" on a market's page (issue 49): what each vendor offers for the
 * market day, added to the one market basket kept in this browser. Nothing when the market takes
 * no baskets (the offer answers 404).
 */
export function MarketOfferSection({ marketId }: { marketId: number }) {
  const basket = useMarketBasket(marketId);
  const [chosen, setChosen] = useState<string | null>(null);
  const query = useDayOffer(marketId, chosen ?? basket?.date ?? null);
  if (query.missing) return null;
  const offer = query.offer;
  if (!offer && query.isError)
    return <LoadError text="What the vendors offer could not be loaded." onRetry={() => query.refetch()} />;
  if (!offer) return <Spinner label="Loading what the vendors offer…" />;
  const choose = (day: string) => {
    setChosen(day);
    setMarketBasketDate(marketId, day);
  };
  return (
    <section aria-labelledby="market-basket-title" className="space-y-4">
      <Card className="p-5">
        <h2 id="market-basket-title" className="text-xl font-semibold">
          {sectionTitle(offer.days[0] ?? offer.date)}
        </h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          Fill one basket from several farms and pick it all up at the market’s info booth. You pay each farm at pickup.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-end">
          <SelectInput label="Market day" value={offer.date} onChange={(e) => choose(e.target.value)}>
            {offer.days.map((day) => (
              <option key={day} value={day}>
                {marketDayText(day)}
              </option>
            ))}
          </SelectInput>
          <p className="text-sm" data-testid="pickup-hours">
            Pickup: {formatWindow(offer.pickupStart, offer.pickupEnd, offer.timeZone)}
          </p>
        </div>
        <p
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${offer.open ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'}`}
          data-testid="ordering-notice"
        >
          {offer.open
            ? `Order until ${formatZonedMoment(offer.closesAt, offer.timeZone)}.`
            : (offer.notice ?? 'Ordering is closed for this market day.')}
        </p>
      </Card>
      {offer.vendors.length === 0 ? (
        <Card className="p-5">
          <p>No vendor offers products for this market day yet.</p>
        </Card>
      ) : (
        offer.vendors.map((vendor) => <VendorOffer key={vendor.producerUserId} offer={offer} vendor={vendor} basket={basket} />)
      )}
      {basket && <BasketBar basket={basket} />}
    </section>
  );
}

function VendorOffer({ offer, vendor, basket }: { offer: MarketOffer; vendor: Vendor; basket: MarketBasket | null }) {
  const ordering = offer.open && vendor.open;
  const earlier = vendor.open && vendor.closesAt < offer.closesAt;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold [overflow-wrap:anywhere]">{vendor.farmName}</h3>
        <div className="flex flex-wrap gap-2">
          {vendor.booth && <Badge>{vendor.booth}</Badge>}
          {vendor.takesSnap && <Badge tone="green">Takes SNAP</Badge>}
        </div>
      </div>
      {offer.open && !vendor.open && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">Ordering from this farm has closed for the day.</p>
      )}
      {earlier && (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          Order from this farm by {formatZonedMoment(vendor.closesAt, offer.timeZone)}.
        </p>
      )}
      <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-700">
        {vendor.products.flatMap(offeredOf).map((item) => (
          <OfferRow key={item.key} offer={offer} vendor={vendor} item={item} ordering={ordering} basket={basket} />
        ))}
      </ul>
    </Card>
  );
}

function OfferRow({
  offer,
  vendor,
  item,
  ordering,
  basket,
}: {
  offer: MarketOffer;
  vendor: Vendor;
  item: Offered;
  ordering: boolean;
  basket: MarketBasket | null;
}) {
  const line = basket?.lines.find((l) => l.productId === item.productId && l.variantId === item.variantId);
  const max = maxReservable(item.stock);
  const soldOut = item.stock === 0;
  // The button pressed gives way to the other (Add ↔ stepper): the keyboard goes on from the new one.
  const [moved, setMoved] = useState<'added' | 'removed' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moved === 'removed') addButton.current?.focus();
  }, [moved]);
  const add = () => {
    if (item.price === null) return;
    setMoved('added');
    const next: MarketLine = {
      producerUserId: vendor.producerUserId,
      farmName: vendor.farmName,
      productId: item.productId,
      variantId: item.variantId,
      name: item.name,
      price: item.price,
      priceUnit: item.priceUnit,
      weightUnit: item.product.weightUnit === 'lb' || item.product.weightUnit === 'oz' ? item.product.weightUnit : null,
      packMin: item.product.packMin,
      packMax: item.product.packMax,
      quantity: 1,
      max,
    };
    addToMarketBasket({ marketId: offer.marketId, slug: offer.slug, marketName: offer.name, date: offer.date }, next);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        {item.product.imageUrl && (
          <img src={item.product.imageUrl} alt="" loading="lazy" className="h-12 w-12 shrink-0 rounded-md object-cover" />
        )}
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{item.name}</p>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {priceText({ ...item.product, price: item.price, priceUnit: item.priceUnit })}
            {item.stock !== null && item.stock > 0 && item.stock <= 10 && <> · {item.stock} left</>}
            {item.product.snapEligible && vendor.takesSnap && <> · SNAP</>}
          </p>
        </div>
      </div>
      {line ? (
        <QuantityStepper
          name={item.name}
          quantity={line.quantity}
          max={line.max}
          onChange={(q) => setMarketQuantity(offer.marketId, item.productId, item.variantId, q)}
          onRemove={() => {
            setMoved('removed');
            removeFromMarketBasket(offer.marketId, item.productId, item.variantId);
          }}
          focusMore={moved === 'added'}
        />
      ) : soldOut ? (
        <span className="text-sm font-medium text-stone-600 dark:text-stone-300">Sold out</span>
      ) : (
        <Button
          ref={addButton}
          variant="secondary"
          size="sm"
          aria-label={`Add ${item.name} from ${vendor.farmName}`}
          disabled={!ordering || item.price === null}
          onClick={add}
        >
          Add
        </Button>
      )}
    </li>
  );
}

/** The basket's count and amount, kept in view at the bottom of the screen, with the way to checkout. */
function BasketBar({ basket }: { basket: MarketBasket }) {
  const farms = partsOf(basket.lines).length;
  const amount = basketAmount(basket.lines);
  return (
    <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 md:bottom-2">
      <Card className="flex items-center justify-between gap-3 border-brand-700 p-3 shadow-lg dark:border-green-700">
        <p className="text-sm" data-testid="market-basket-count">
          <span className="font-semibold">Market basket:</span> {countText(unitCount(basket.lines), farms)} ·{' '}
          {amount.minCents === amount.maxCents ? '' : 'about '}
          {formatCents(amount.estimateCents)}
        </p>
        <ButtonLink to={`/markets/${basket.slug}/basket`} className="shrink-0">
          Review basket
        </ButtonLink>
      </Card>
    </div>
  );
}
