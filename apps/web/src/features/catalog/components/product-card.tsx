import { formatDistance } from '@farmstand/shared';
import type { ProductListing } from '@farmstand/shared/schemas/search';
import { Link } from 'react-router';
import { AvailabilityBadge } from '@/components/ui/availability-badge';
import { CardBenefitBadges } from '@/components/ui/card-benefit-badges';
import { ProductImage } from '@/components/ui/product-image';
import { listingPrice } from '@/lib/listing-price';

/** A product on /products; the whole card opens /product/{id}. */
/** `eager` for the cards in the first screenful, so the largest image there is not lazy-loaded. */
export function ProductCard({ product, eager = false }: { product: ProductListing; eager?: boolean }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md dark:border-stone-800 dark:bg-stone-900 dark:hover:border-green-500">
      <ProductImage
        url={product.primary_image_url}
        category={product.category}
        alt=""
        className="aspect-[4/3] w-full"
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        eager={eager}
      />
      <AvailabilityBadge availability={product.availability} className="absolute left-3 top-3 shadow-sm" />
      <div className="flex flex-1 flex-col p-4">
        <h2 className="font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={`/product/${product.id}`}
            className="after:absolute after:inset-0 hover:text-brand-800 focus-visible:outline-none dark:hover:text-green-300"
          >
            {product.name}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-stone-600 [overflow-wrap:anywhere] dark:text-stone-300">
          {product.farm_name}
          {product.verified && (
            <span className="ml-1 text-green-700 dark:text-green-400" title="Verified producer">
              ✓<span className="sr-only"> verified</span>
            </span>
          )}
        </p>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {product.city}, {product.state}
          {product.distance != null && ` · ${formatDistance(product.distance)}`}
        </p>
        <CardBenefitBadges product={product} farm={{ state: product.state, takes: product.benefit_takes }} />
        <p className="mt-auto pt-3 text-lg font-bold text-brand-800 dark:text-green-300">
          {listingPrice(product) ?? 'Ask for price'}
        </p>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="aspect-[4/3] bg-stone-200 dark:bg-stone-800" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 rounded bg-stone-200 dark:bg-stone-800" />
        <div className="h-3 w-1/2 rounded bg-stone-200 dark:bg-stone-800" />
        <div className="h-5 w-1/3 rounded bg-stone-200 dark:bg-stone-800" />
      </div>
    </div>
  );
}
