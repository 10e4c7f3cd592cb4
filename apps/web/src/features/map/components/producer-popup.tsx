import { formatDistance } from '@farmstand/shared';
import { productImageSrcSet } from '@farmstand/shared/constants/images';
import type { MapProducer } from '../types';

/** The marker popup: image, name with tick, 'city, state', distance, 2 lines of description, product count, 'View Producer'. */
export function ProducerPopup({ producer }: { producer: MapProducer }) {
  return (
    <div className="w-56 font-sans text-stone-900 dark:text-stone-100">
      {producer.profile_image_url && (
        <img
          src={producer.profile_image_url}
          srcSet={productImageSrcSet(producer.profile_image_url)}
          sizes="240px"
          width={240}
          height={96}
          alt=""
          loading="lazy"
          decoding="async"
          className="mb-2 h-24 w-full rounded-md object-cover"
        />
      )}
      <p className="flex items-center gap-1 text-base font-bold leading-tight">
        {producer.farm_name}
        {producer.verified && (
          <span className="text-green-700 dark:text-green-400" title="Verified producer">
            ✓<span className="sr-only"> Verified</span>
          </span>
        )}
      </p>
      <p className="mt-0.5 text-sm text-stone-600 dark:text-stone-300">
        {producer.city}, {producer.state}
      </p>
      {producer.distance != null && (
        <p className="text-sm font-medium text-stone-700 dark:text-stone-200">{formatDistance(producer.distance)} away</p>
      )}
      {producer.description && (
        <p className="line-clamp-2 mt-1 text-sm text-stone-700 dark:text-stone-300">{producer.description}</p>
      )}
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        {producer.product_count} product{producer.product_count === 1 ? '' : 's'} available
      </p>
      <a
        href={`/producers/${producer.id}`}
        target="_blank"
        rel="noopener"
        className="mt-2 block rounded-lg bg-brand-700 px-3 py-1.5 text-center text-sm font-semibold !text-white hover:bg-brand-800"
      >
        View Producer
      </a>
    </div>
  );
}
