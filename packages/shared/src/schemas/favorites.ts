import { z } from 'zod';
import { dbId } from './common';
import { ProducerSearchItem } from './search';

export const ProducerIdParams = z.object({
  producerId: dbId('Producer id must be a positive number'),
});

/** A favourite producer: the producer search shape plus when it was saved (spec 01 §3). */
export const FavoriteProducer = ProducerSearchItem.omit({ distance: true }).extend({ favorited_at: z.string() });
export type FavoriteProducer = z.infer<typeof FavoriteProducer>;

export const FavoritesResponse = z.object({ favorites: z.array(FavoriteProducer) });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;
export const FavoriteCheckResponse = z.object({ isFavorited: z.boolean() });
export const FavoriteCountResponse = z.object({ count: z.number().int().min(0) });
export const FavoriteToggleResponse = z.object({ isFavorited: z.boolean(), count: z.number().int().min(0) });
export type FavoriteToggleResponse = z.infer<typeof FavoriteToggleResponse>;
