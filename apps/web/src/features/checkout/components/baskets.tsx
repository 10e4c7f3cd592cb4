import { countNoun } from '@farmstand/shared/format/quantity';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';
import { basketCount, basketTotal, isEstimated, useBaskets } from '../basket';

/** The shopper's baskets not yet sent, one per farm, each with its checkout (on /orders). */
export function Baskets() {
  const baskets = useBaskets();
  if (baskets.length === 0) return null;
  return (
    <section id="baskets" aria-labelledby="baskets-heading" className="mb-6 scroll-mt-20">
      <h2 id="baskets-heading" className="mb-2 text-lg font-semibold">
        Baskets not yet sent
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {baskets.map((basket) => (
          <li key={basket.producerUserId}>
            <Card className="flex items-center justify-between gap-3 p-4">
              <span>
                <span className="block font-semibold">{basket.farmName}</span>
                <span className="text-sm text-stone-600 dark:text-stone-400">
                  {countNoun(basketCount(basket), 'item')} · {isEstimated(basket) ? '≈ ' : ''}
                  {formatUsd(basketTotal(basket))}
                </span>
              </span>
              <ButtonLink to={`/checkout/${basket.producerUserId}`} size="sm">
                Checkout
              </ButtonLink>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
