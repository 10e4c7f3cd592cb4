import { CATEGORY_LABELS, type ProductCategory } from '@farmstand/shared';
import { byWeightOf, formatByWeight } from '@farmstand/shared/format/by-weight';
import { INSPECTION_LABELS } from '@farmstand/shared/labels/meat-rules';
import type { Product } from '@farmstand/shared/schemas/products';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AvailabilityBadge } from '@/components/ui/availability-badge';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState, Spinner } from '@/components/ui/card';
import { Deferred } from '@/components/ui/deferred';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDate } from '@/lib/format';
import { listingPrice } from '@/lib/listing-price';
import { parseRouteId } from '@/lib/route-id';
import { useTrackView } from '@/lib/use-track-view';
import { useProduct } from '../api';
import { ProducerBox } from '../components/producer-box';
import { ProductGallery } from '../components/product-gallery';

/**
 * What other features draw on the product page (reserving, asking the farm, pickup times, reviews):
 * composed in app/pages/product-page.tsx, since a feature never imports another.
 */
export type ProductPageParts = {
  /** The page's one primary action: reserving ("Add to basket"), with what can pay for it at pickup. */
  reserve: (product: Product) => ReactNode;
  /** The favourite heart, in the producer box. */
  favorite: (product: Product) => ReactNode;
  /** The contact button and modal, in the producer box. */
  contact: (product: Product) => ReactNode;
  /** A question to the farm about this product (the inquiry form): no second way to order. */
  ask: (product: Product) => ReactNode;
  /** Where and when the farm hands food over. */
  pickup: (product: Product) => ReactNode;
  reviews: (product: Product) => ReactNode;
};

/**
 * /product/{id}: everything about one product, its producer and its reviews (spec 01 §2). One
 * primary action: the name, the price and reserving come first (on a phone, above the photos, so
 * they are in the first screen); the rest is folded below (decision 533).
 */
export default function ProductPage({ reserve, favorite, contact, ask, pickup, reviews }: ProductPageParts) {
  const id = parseRouteId(useParams().id) ?? 0;
  const query = useProduct(id);
  const viewed = query.data?.product;
  useDocumentTitle(
    !id || isMissing(query.error) ? 'Product not found' : viewed ? `${viewed.name} — ${viewed.farm_name}` : 'Product',
  );
  useTrackView('product_view', id, viewed && { productId: id, productName: viewed.name, producerId: viewed.producer_user_id });

  if (!id || isMissing(query.error)) {
    return <ProductNotFound />;
  }
  if (query.isPending) return <Spinner label="Loading product…" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title="Failed to load product details" icon={AlertIcon} page>
          Please try again in a moment.
        </EmptyState>
      </div>
    );
  }
  const product = query.data.product;
  const images = [product.primary_image_url, ...product.additional_images].filter((url): url is string => Boolean(url));

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6">
      <Breadcrumb name={product.name} />
      {/* Only its producer and admins can open a removed product. */}
      {product.moderation_status === 'removed' && (
        <div
          role="note"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">An administrator removed this product: shoppers do not see it.</p>
          {product.moderation_reason && <p className="mt-1">Reason: {product.moderation_reason}</p>}
        </div>
      )}
      {/* Phone: name, price and reserving, then the photos, then the rest. Wide: the photos on the left. */}
      <div className="mt-3 grid gap-5 sm:mt-4 lg:grid-cols-[1.1fr_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="min-w-0 space-y-3 lg:col-start-2 lg:row-start-1">
          <ProductHeadline product={product} />
          {reserve(product)}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProductGallery images={images} name={product.name} category={product.category} />
        </div>
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-2">
          {product.description && <p className="whitespace-pre-line text-stone-800 dark:text-stone-200">{product.description}</p>}
          <ProducerBox product={product} favorite={favorite(product)} contact={<Deferred>{contact(product)}</Deferred>} />
          {/* Below the fold on a phone: drawn just after the first paint, in tasks of their own. */}
          <Deferred>
            <MoreAboutProduct product={product} ask={ask} pickup={pickup} />
          </Deferred>
        </div>
      </div>
      <Deferred>{reviews(product)}</Deferred>
    </div>
  );
}

function Breadcrumb({ name }: { name: string }) {
  const link = 'text-brand-800 hover:underline dark:text-green-300';
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-stone-600 dark:text-stone-400">
        <li>
          <Link to="/" className={link}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link to="/products" className={link}>
            Products
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="min-w-0 font-medium text-stone-800 [overflow-wrap:anywhere] dark:text-stone-200">
          {name}
        </li>
      </ol>
    </nav>
  );
}

/** What a shopper decides on: availability, name, price, how many are left and the seasonal window. */
function ProductHeadline({ product }: { product: Product }) {
  const stock = stockText(product);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <AvailabilityBadge availability={product.availability} />
        <span className="text-sm text-stone-600 dark:text-stone-300">{CATEGORY_LABELS[product.category as ProductCategory]}</span>
      </div>
      <h1 className="mt-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:mt-2 sm:text-3xl">{product.name}</h1>
      <p className="mt-1 text-2xl font-bold text-brand-800 dark:text-green-300">{productPrice(product)}</p>
      {stock && (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          <span className="font-medium">{stock.label}:</span> {stock.value}
        </p>
      )}
      {product.availability === 'seasonal' && (product.seasonal_start || product.seasonal_end) && (
        <p className="mt-3 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950/40 dark:text-yellow-100">
          Seasonal: available
          {product.seasonal_start && ` from ${formatDate(product.seasonal_start)}`}
          {product.seasonal_end && ` until ${formatDate(product.seasonal_end)}`}.
        </p>
      )}
    </div>
  );
}

/** "In stock: 12", "Shares left: 3 of 8"; a product with variants says it per variant, in the reserve card. */
function stockText(product: Product): { label: string; value: string } | null {
  if (product.share) return { label: 'Shares left', value: `${product.share.shares_left} of ${product.share.shares_total}` };
  if (product.variants.length > 0) return null;
  const value =
    product.stock_quantity === null
      ? 'Ask the producer'
      : product.stock_quantity === 0
        ? 'None left'
        : String(product.stock_quantity);
  return { label: 'In stock', value };
}

/**
 * Everything else, folded: ingredients and allergens (the allergens named on the fold itself, so
 * nobody has to open it to see them), inspection, pickup and delivery, and a question to the farm.
 */
function MoreAboutProduct({ product, ask, pickup }: { product: Product } & Pick<ProductPageParts, 'ask' | 'pickup'>) {
  const pickupNote = product.pickup_instructions ?? product.producer_pickup_instructions;
  const hasIngredients = Boolean(product.ingredients) || product.allergens.length > 0;
  return (
    <div className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
      {hasIngredients && (
        <Fold
          title="Ingredients and allergens"
          hint={product.allergens.length > 0 ? `Contains: ${product.allergens.join(', ')}` : 'No allergens listed'}
        >
          <dl className="space-y-3 text-sm">
            {product.ingredients && <Detail label="Ingredients">{product.ingredients}</Detail>}
            {product.allergens.length > 0 && (
              <Detail label="Allergens">
                <ul className="flex flex-wrap gap-1">
                  {product.allergens.map((allergen) => (
                    <li
                      key={allergen}
                      className="rounded-full bg-orange-100 px-2 py-0.5 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100"
                    >
                      {allergen}
                    </li>
                  ))}
                </ul>
              </Detail>
            )}
          </dl>
        </Fold>
      )}
      {product.inspection && (
        <Fold title="Inspection and labels" hint={INSPECTION_LABELS[product.inspection]}>
          <dl className="text-sm">
            <Detail label="Inspection">
              {INSPECTION_LABELS[product.inspection]}
              {product.establishment_number && ` · ${product.establishment_number}`}
            </Detail>
          </dl>
        </Fold>
      )}
      <Fold title="Pickup and delivery" hint={product.delivery_available ? 'Pickup or delivery' : 'Pickup only'}>
        {pickupNote && (
          <dl className="mb-3 text-sm">
            <Detail label="Pickup">
              <span className="whitespace-pre-line">{pickupNote}</span>
            </Detail>
          </dl>
        )}
        {pickup(product)}
      </Fold>
      {/* The inquiry form is for available products only (spec 01 §5); the contact button is always above. */}
      {product.availability === 'available' && (
        <Fold title={`Ask ${product.farm_name} a question`} hint="About this product, before you reserve">
          {ask(product)}
        </Fold>
      )}
    </div>
  );
}

/** One folded section: its title is a heading, so it is found by headings too. */
function Fold({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-stone-800/60 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">
          <h2 className="text-base font-semibold [overflow-wrap:anywhere]">{title}</h2>
          {hint && <span className="block text-sm text-stone-600 [overflow-wrap:anywhere] dark:text-stone-400">{hint}</span>}
        </span>
        <span
          aria-hidden="true"
          className="shrink-0 text-stone-500 transition-transform group-open:rotate-180 dark:text-stone-400"
        >
          ▾
        </span>
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}

/** The headline price: one pack by weight with its estimate, "from $X" across variants, or the plain price. */
function productPrice(product: Product): string {
  const offer = product.variants.length === 0 ? byWeightOf(product) : null;
  if (offer) return formatByWeight(offer);
  return listingPrice(product) ?? 'Ask the producer for a price';
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-stone-800 dark:text-stone-200">{label}</dt>
      <dd className="mt-0.5 text-stone-700 dark:text-stone-300">{children}</dd>
    </div>
  );
}

function ProductNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <EmptyState title="Product not found" icon={BasketIcon} page>
        <p>This product may have been removed or is no longer listed.</p>
        <ButtonLink to="/products" className="mt-4">
          Browse all products
        </ButtonLink>
      </EmptyState>
    </div>
  );
}

/** 404, or a 400 about the id itself: there is no such product to show. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.field === 'id'));
}
