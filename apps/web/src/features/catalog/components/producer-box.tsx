import type { Product } from '@farmstand/shared/schemas/products';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * Who sells it: farm, place and delivery, the favourite heart (`favorite`, from the favorites
 * feature), a link to the public producer page and the contact button (`contact`, from the messages feature). The pickup note
 * is on the product page's "Pickup and delivery" fold, with the pickup times.
 */
export function ProducerBox({ product, favorite, contact }: { product: Product; favorite?: ReactNode; contact?: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">Sold by</p>
          <h2 className="mt-1 text-lg font-bold [overflow-wrap:anywhere]">
            {product.farm_name}
            {product.producer_verified && (
              <span className="ml-1 text-green-700 dark:text-green-400" title="Verified producer">
                ✓<span className="sr-only"> Verified producer</span>
              </span>
            )}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {product.city}, {product.state} ·{' '}
            {product.delivery_available
              ? `Delivers${product.delivery_radius ? ` within ${product.delivery_radius} miles` : ''}`
              : 'Pickup only'}
          </p>
        </div>
        {favorite}
      </div>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Link to={`/producer/${product.producer_user_id}`} className={buttonClasses('secondary', 'md', 'w-full')}>
          View producer
        </Link>
        {contact && <div>{contact}</div>}
      </div>
    </Card>
  );
}
