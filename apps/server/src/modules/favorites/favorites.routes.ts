import {
  FavoriteBatchCheckQuery,
  FavoriteBatchCheckResponse,
  FavoriteCheckResponse,
  FavoriteCountResponse,
  FavoritesResponse,
  FavoriteToggleResponse,
  ProducerIdParams,
} from '@farmstand/shared/schemas/favorites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { assertFavoritesOn, FAVORITES_ACCESS } from './favorites.policy';
import * as favorites from './favorites.service';

const favoritesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.access !== 'public') await assertFavoritesOn(ctx);
  });

  app.get('/', { config: FAVORITES_ACCESS, schema: { response: { 200: FavoritesResponse } } }, async (request) => ({
    favorites: await favorites.listFavorites(ctx, request.user.id),
  }));

  // One call for a page of producer cards (/search) instead of one check per card.
  app.get(
    '/check',
    {
      config: FAVORITES_ACCESS,
      schema: {
        summary: 'Which of these producers are my favourites (one call for a page of cards)',
        querystring: FavoriteBatchCheckQuery,
        response: { 200: FavoriteBatchCheckResponse, ...errors(400) },
      },
    },
    async (request) => ({ favorites: await favorites.checkFavorites(ctx, request.user.id, request.query.producerIds) }),
  );

  app.get(
    '/check/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: { params: ProducerIdParams, response: { 200: FavoriteCheckResponse } },
    },
    async (request) => ({ isFavorited: await favorites.isFavorited(ctx, request.user.id, request.params.producerId) }),
  );

  // Public: a producer page may show how many people saved it.
  app.get(
    '/count/:producerId',
    { config: { access: 'public' }, schema: { params: ProducerIdParams, response: { 200: FavoriteCountResponse } } },
    async (request) => ({ count: await favorites.countFavorites(ctx, request.params.producerId) }),
  );

  app.post(
    '/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: {
        params: ProducerIdParams,
        response: { 200: FavoriteToggleResponse, ...errors(404) },
      },
    },
    async (request) => favorites.addFavorite(ctx, request.user.id, request.params.producerId),
  );

  app.delete(
    '/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: { params: ProducerIdParams, response: { 200: FavoriteToggleResponse } },
    },
    async (request) => favorites.removeFavorite(ctx, request.user.id, request.params.producerId),
  );
};

export default defineModule({ prefix: '/favorites', routes: favoritesRoutes });
