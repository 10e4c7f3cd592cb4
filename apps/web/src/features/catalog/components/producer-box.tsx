import type { Product } from '@farmstand/shared/schemas/products';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FavoriteButton } from '@/shared/favorites/favorite-button';

/** Who sells it: farm, place, delivery and pickup, and a link to the public producer page. */
export function ProducerBox({ product }: { product: Product }) {
  const pickup = product.pickup_instructions ?? product.producer_pickup_instructions;
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">Sold by</p>
          <h2 className="mt-1 text-lg font-bold">
            {product.farm_name}
            {product.producer_verified && (
              <span className="ml-1 text-green-700 dark:text-green-400" title="Verified producer">
                ✓<span className="sr-only"> Verified producer</span>
              </span>
            )}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {product.city}, {product.state}
          </p>
        </div>
        <FavoriteButton producerId={product.producer_user_id} farmName={product.farm_name} />
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-stone-800 dark:text-stone-200">Delivery</dt>
          <dd className="text-stone-700 dark:text-stone-300">
            {product.delivery_available
              ? `Delivers${product.delivery_radius ? ` within ${product.delivery_radius} miles` : ''}`
              : 'Pickup only'}
          </dd>
        </div>
        {pickup && (
          <div>
            <dt className="font-medium text-stone-800 dark:text-stone-200">Pickup</dt>
            <dd className="whitespace-pre-line text-stone-700 dark:text-stone-300">{pickup}</dd>
          </div>
        )}
      </dl>
      <Link to={`/producer/${product.producer_user_id}`} className={buttonClasses('secondary', 'md', 'mt-4 w-full')}>
        View producer
      </Link>
    </Card>
  );
}
