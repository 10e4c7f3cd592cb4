import type { FavoriteProducer, FavoriteToggleResponse } from '@farmstand/shared/schemas/favorites';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { presentProducerListItem } from '../search';
import * as repo from './favorites.repository';

export async function listFavorites(ctx: AppContext, userId: number): Promise<FavoriteProducer[]> {
  const rows = await repo.listFavorites(ctx.db, userId);
  return rows.map(({ favorited_at, ...row }) => {
    // A favourite carries no distance, nor what the farm takes today (the search list's cards show that).
    const {
      distance: _distance,
      benefit_takes: _takes,
      markets: _markets,
      ...producer
    } = presentProducerListItem({ ...row, distance: null, total: 0 }, [], []);
    return { ...producer, favorited_at: new Date(favorited_at).toISOString() };
  });
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
/** An account that turns producer keeps no favourites: producers cannot favourite. Runs in the caller's transaction. */
export const forgetFavoritesOf = (tx: Db, userId: number) => repo.removeAllFavorites(tx, userId);

export const countFavorites = (ctx: AppContext, producerUserId: number) => repo.countFavorites(ctx.db, producerUserId);

/** Every asked producer id mapped to whether the user saved it. */
export async function checkFavorites(
  ctx: AppContext,
  userId: number,
  producerUserIds: number[],
): Promise<Record<string, boolean>> {
  const saved = await repo.favoritedAmong(ctx.db, userId, producerUserIds);
  return Object.fromEntries(producerUserIds.map((id) => [String(id), saved.has(id)]));
}
