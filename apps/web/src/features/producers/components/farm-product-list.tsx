import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { BasketIcon } from '@/components/ui/icons';
import { ProductListControls, ShowingText } from '@/components/ui/product-list-controls';
import { categoriesOf, EMPTY_PRODUCT_FILTER, filterProducts } from '@/lib/product-list-filter';
import { ProducerProductCard } from './producer-product-card';

/** Cards drawn at first, and added by each "Show more": a catalogue of 100 opens with 24 (decision 551). */
export const FARM_PRODUCTS_STEP = 24;

/**
 * The farm page's products: every listed product, newest first, found by name and category and
 * sorted when there are more than one screen's worth, drawn FARM_PRODUCTS_STEP at a time.
 */
export function FarmProductList({ producer }: { producer: PublicProducerProfile }) {
  const [filter, setFilter] = useState(EMPTY_PRODUCT_FILTER);
  const [shown, setShown] = useState(FARM_PRODUCTS_STEP);
  const products = producer.products;
  const matching = filterProducts(products, filter);
  const visible = matching.slice(0, shown);
  const many = products.length > FARM_PRODUCTS_STEP / 2;
  return (
    <section aria-labelledby="recent-products" className="space-y-3">
      <h2 id="recent-products" className="text-xl font-semibold">
        Recent products
      </h2>
      {products.length === 0 ? (
        <EmptyState title="No products listed right now" icon={BasketIcon}>
          Check back soon, or contact the producer.
        </EmptyState>
      ) : (
        <>
          {many && (
            <ProductListControls
              value={filter}
              onChange={(next) => {
                setFilter(next);
                setShown(FARM_PRODUCTS_STEP);
              }}
              categories={categoriesOf(products)}
              listName="this farm's products"
            />
          )}
          {many && (
            <ShowingText first={visible.length > 0 ? 1 : 0} last={visible.length} total={matching.length} noun="products" />
          )}
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
            {visible.map((product) => (
              <li key={product.id}>
                <ProducerProductCard product={product} benefitTakes={producer.benefit_takes} />
              </li>
            ))}
          </ul>
          {matching.length > visible.length && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => setShown((n) => n + FARM_PRODUCTS_STEP)}>
                Show {Math.min(FARM_PRODUCTS_STEP, matching.length - visible.length)} more products
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
