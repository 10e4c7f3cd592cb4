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
 * What other features draw on the product page (reserving, contacting the producer, pickup times,
 * reviews): composed in app/pages/product-page.tsx, since a feature never imports another.
 */
export type ProductPageParts = {
  reserve: (product: Product) => ReactNode;
  contact: (product: Product) => ReactNode;
  reviews: (product: Product) => ReactNode;
};

/** /product/{id}: everything about one product, its producer and its reviews (spec 01 §2). */
export default function ProductPage({ reserve, contact, reviews }: ProductPageParts) {
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
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
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
      <div className="mt-4 grid gap-8 lg:grid-cols-[1.1fr_1fr]">
        <ProductGallery images={images} name={product.name} category={product.category} />
        <div className="space-y-6">
          <ProductSummary product={product} />
          <ProducerBox product={product} />
          {reserve(product)}
          {/* Below the fold on a phone: drawn just after the first paint, in tasks of their own. */}
          <Deferred>{contact(product)}</Deferred>
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
        <li aria-current="page" className="font-medium text-stone-800 dark:text-stone-200">
          {name}
        </li>
      </ol>
    </nav>
  );
}

function ProductSummary({ product }: { product: Product }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <AvailabilityBadge availability={product.availability} />
        <span className="text-sm text-stone-600 dark:text-stone-300">{CATEGORY_LABELS[product.category as ProductCategory]}</span>
      </div>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{product.name}</h1>
      <p className="mt-2 text-2xl font-bold text-brand-800 dark:text-green-300">{productPrice(product)}</p>
      {product.availability === 'seasonal' && (product.seasonal_start || product.seasonal_end) && (
        <p className="mt-3 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950/40 dark:text-yellow-100">
          Seasonal: available
          {product.seasonal_start && ` from ${formatDate(product.seasonal_start)}`}
          {product.seasonal_end && ` until ${formatDate(product.seasonal_end)}`}.
        </p>
      )}
      {product.description && (
        <p className="mt-4 whitespace-pre-line text-stone-800 dark:text-stone-200">{product.description}</p>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {product.share ? (
          <Detail label="Shares left">
            {product.share.shares_left} of {product.share.shares_total}
          </Detail>
        ) : (
          product.variants.length === 0 && (
            <Detail label="In stock">
              {product.stock_quantity === null
                ? 'Ask the producer'
                : product.stock_quantity === 0
                  ? 'None left'
                  : product.stock_quantity}
            </Detail>
          )
        )}
        {product.inspection && (
          <Detail label="Inspection">
            {INSPECTION_LABELS[product.inspection]}
            {product.establishment_number && ` · ${product.establishment_number}`}
          </Detail>
        )}
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
    </div>
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
