import { z } from 'zod';
import { dbId, MAX_DB_ID } from './common';
import { ProducerSearchItem } from './search';

export const ProducerIdParams = z.object({
  producerId: dbId('Producer id must be a positive number'),
});

/** A favourite producer: the producer search shape (without what it takes today) plus when it was saved (spec 01 §3). */
export const FavoriteProducer = ProducerSearchItem.omit({ distance: true, benefit_takes: true, markets: true }).extend({
  favorited_at: z.string(),
});
export type FavoriteProducer = z.infer<typeof FavoriteProducer>;

export const FavoritesResponse = z.object({ favorites: z.array(FavoriteProducer) });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;
export const FavoriteCheckResponse = z.object({ isFavorited: z.boolean() });
export const FavoriteCountResponse = z.object({ count: z.number().int().min(0) });
export const FavoriteToggleResponse = z.object({ isFavorited: z.boolean(), count: z.number().int().min(0) });
export type FavoriteToggleResponse = z.infer<typeof FavoriteToggleResponse>;

/** At most one page of search cards per batch check. */
export const FAVORITE_CHECK_BATCH_MAX = 100;

/**
 * GET /api/favorites/check?producerIds=1,2,3: one call for a whole page of producer cards instead
 * of one check per card. Ids are comma-separated producer user ids.
 */
export const FavoriteBatchCheckQuery = z.object({
  producerIds: z
    .string({ error: 'Producer ids are required (producerIds=1,2,3)' })
    .trim()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length > 0, 'Producer ids are required (producerIds=1,2,3)')
    .refine((ids) => ids.length <= FAVORITE_CHECK_BATCH_MAX, `At most ${FAVORITE_CHECK_BATCH_MAX} producer ids at once`)
    .refine(
      (ids) => ids.every((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_DB_ID),
      'Producer ids must be positive whole numbers',
    )
    .transform((ids) => ids.map(Number)),
});
/** Producer user id → whether the signed-in consumer saved it; every asked id is present. */
export const FavoriteBatchCheckResponse = z.object({ favorites: z.record(z.string(), z.boolean()) });
export type FavoriteBatchCheckResponse = z.infer<typeof FavoriteBatchCheckResponse>;
