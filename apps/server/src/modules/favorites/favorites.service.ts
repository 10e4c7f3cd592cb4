import type { FavoriteProducer, FavoriteToggleResponse } from '@farmstand/shared/schemas/favorites';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import * as repo from './favorites.repository';

export async function listFavorites(ctx: AppContext, userId: number): Promise<FavoriteProducer[]> {
  const rows = await repo.listFavorites(ctx.db, userId);
  return rows.map((row) => ({
    user_id: row.user_id,
    farm_name: row.farm_name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    profile_image_url: row.profile_image_url,
    delivery_available: row.delivery_available,
    subscription_status: row.subscription_status as FavoriteProducer['subscription_status'],
    verified: row.verified,
    product_count: row.product_count,
    favorited_at: new Date(row.favorited_at).toISOString(),
  }));
}

export async function addFavorite(ctx: AppContext, userId: number, producerUserId: number): Promise<FavoriteToggleResponse> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.isFavoritableProducer(tx, producerUserId))) throw notFound('Producer not found');
    await repo.addFavorite(tx, userId, producerUserId);
    return { isFavorited: true, count: await repo.countFavorites(tx, producerUserId) };
  });
}

export async function removeFavorite(ctx: AppContext, userId: number, producerUserId: number): Promise<FavoriteToggleResponse> {
  return ctx.db.transaction(async (tx) => {
    await repo.removeFavorite(tx, userId, producerUserId);
    return { isFavorited: false, count: await repo.countFavorites(tx, producerUserId) };
  });
}

export const isFavorited = (ctx: AppContext, userId: number, producerUserId: number) =>
  repo.hasFavorite(ctx.db, userId, producerUserId);
export const countFavorites = (ctx: AppContext, producerUserId: number) => repo.countFavorites(ctx.db, producerUserId);
