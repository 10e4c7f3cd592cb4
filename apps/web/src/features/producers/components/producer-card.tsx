import { formatDistance } from '@farmstand/shared';
import { productImageSrcSet } from '@farmstand/shared/constants/images';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/card';
import { type FarmTake, FarmTakes } from '@/components/ui/farm-takes';
import { type FarmMarketLink, FarmMarkets } from './farm-markets';

export type ProducerCardData = {
  user_id: number;
  farm_name: string;
  city: string;
  state: string;
  description: string | null;
  profile_image_url: string | null;
  delivery_available: boolean;
  verified: boolean;
  product_count: number;
  distance?: number | null;
  /** What the farm takes at pickup today (the search list says; a favourite does not). */
  benefit_takes?: readonly FarmTake[];
  /** The markets the farm attends as a vendor (the list rows say; a favourite may not). */
  markets?: readonly FarmMarketLink[];
};

/**
 * A producer in a list; the whole card opens /producer/{user_id}, the heart (`favorite`, from the
 * favorites feature) sits above the link.
 * Under its description, the benefits the farm takes at pickup today, worded as on its page.
 * `eager`: the list's first card, whose picture is the first one on screen (fetched at once, high priority).
 */
export function ProducerCard({
  producer,
  eager = false,
  favorite,
}: {
  producer: ProducerCardData;
  eager?: boolean;
  favorite?: ReactNode;
}) {
  return (
    <article className="relative flex h-full gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md dark:border-stone-800 dark:bg-stone-900 dark:hover:border-green-500">
      <ProducerAvatar name={producer.farm_name} imageUrl={producer.profile_image_url} eager={eager} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2 pr-10">
          <h3 className="min-w-0 font-semibold leading-snug [overflow-wrap:anywhere]">
            <Link
              to={`/producer/${producer.user_id}`}
              className="after:absolute after:inset-0 after:rounded-xl hover:text-brand-800 focus-visible:outline-none dark:hover:text-green-300"
            >
              {producer.farm_name}
            </Link>
          </h3>
        </div>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {producer.city}, {producer.state}
          {producer.distance != null && (
            <>
              {' · '}
              <span className="font-medium text-stone-800 dark:text-stone-100">{formatDistance(producer.distance)} away</span>
            </>
          )}
        </p>
        {producer.description && (
          <p className="line-clamp-2 mt-2 text-sm text-stone-700 dark:text-stone-300">{producer.description}</p>
        )}
        {producer.benefit_takes && producer.benefit_takes.length > 0 && (
          <div className="mt-2">
            <FarmTakes takes={producer.benefit_takes} state={producer.state} />
          </div>
        )}
        {producer.markets && producer.markets.length > 0 && (
          <div className="mt-2">
            <FarmMarkets markets={producer.markets} raised />
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {producer.verified && <Badge tone="green">✓ Verified</Badge>}
          {producer.delivery_available && <Badge tone="blue">Delivers</Badge>}
          <Badge>
            {producer.product_count} product{producer.product_count === 1 ? '' : 's'}
          </Badge>
        </div>
      </div>
      <div className="absolute right-3 top-3 z-10">{favorite}</div>
    </article>
  );
}

export function ProducerAvatar({
  name,
  imageUrl,
  size = 'md',
  eager = false,
}: {
  name: string;
  imageUrl: string | null;
  size?: 'md' | 'lg';
  eager?: boolean;
}) {
  const box = size === 'lg' ? 'h-20 w-20 text-3xl' : 'h-16 w-16 text-2xl';
  const px = size === 'lg' ? 80 : 64;
  if (imageUrl)
    return (
      <img
        src={imageUrl}
        srcSet={productImageSrcSet(imageUrl)}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={`${box} shrink-0 rounded-lg object-cover`}
      />
    );
  return (
    <div
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-100 to-green-200 font-bold text-brand-800 dark:from-brand-900 dark:to-green-900 dark:text-green-200`}
    >
      {name.slice(0, 1).toUpperCase()}
    </div>
  );
}
