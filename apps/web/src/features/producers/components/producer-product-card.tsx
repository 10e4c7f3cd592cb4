import type { Product } from '@farmstand/shared/schemas/products';
import { Link } from 'react-router';
import { AvailabilityBadge } from '@/components/ui/availability-badge';
import { CardBenefitBadges, type Take } from '@/components/ui/card-benefit-badges';
import { ProductImage } from '@/components/ui/product-image';
import { formatPrice } from '@/lib/format';

/**
 * A product card for pages about one producer (no farm line, it is the page's subject): photo,
 * availability, name, price, and the benefits that can pay for it when the farm takes any today
 * (`benefitTakes`, the farm page's `benefit_takes`). The whole card opens /product/{id}.
 */
export function ProducerProductCard({
  product,
  benefitTakes,
  headingLevel = 3,
}: {
  product: Product;
  benefitTakes: readonly Take[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md dark:border-stone-800 dark:bg-stone-900 dark:hover:border-green-500">
      <ProductImage
        url={product.primary_image_url}
        category={product.category}
        alt=""
        sizes="(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 100vw"
        className="aspect-[4/3] w-full"
      />
      <AvailabilityBadge availability={product.availability} className="absolute left-3 top-3 shadow-sm" />
      <div className="flex flex-1 flex-col p-4">
        <Heading className="font-semibold leading-snug">
          <Link
            to={`/product/${product.id}`}
            className="after:absolute after:inset-0 hover:text-brand-800 focus-visible:outline-none dark:hover:text-green-300"
          >
            {product.name}
          </Link>
        </Heading>
        {product.description && (
          <p className="mt-1 line-clamp-2 text-sm text-stone-600 dark:text-stone-300">{product.description}</p>
        )}
        <CardBenefitBadges product={product} farm={{ state: product.state, takes: benefitTakes }} />
        <p className="mt-auto pt-3 text-lg font-bold text-brand-800 dark:text-green-300">
          {product.price === null ? 'Ask for price' : formatPrice(product.price, product.price_unit)}
        </p>
      </div>
    </article>
  );
}
