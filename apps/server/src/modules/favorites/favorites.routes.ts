import { ErrorResponse } from '@farmstand/shared';
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
import { defineModule, type ModuleOptions } from '../module';
import { FAVORITES_ACCESS, requireFavoritesUser } from './favorites.policy';
import * as favorites from './favorites.service';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorResponse, 403: ErrorResponse };

const favoritesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    { config: FAVORITES_ACCESS, schema: { tags, security, response: { 200: FavoritesResponse, ...denied } } },
    async (request) => {
      const user = await requireFavoritesUser(ctx, request);
      return { favorites: await favorites.listFavorites(ctx, user.id) };
    },
  );

  // One call for a page of producer cards (/search) instead of one check per card.
  app.get(
    '/check',
    {
      config: FAVORITES_ACCESS,
      schema: {
        tags,
        security,
        summary: 'Which of these producers are my favourites (one call for a page of cards)',
        querystring: FavoriteBatchCheckQuery,
        response: { 200: FavoriteBatchCheckResponse, 400: ErrorResponse, ...denied },
      },
    },
    async (request) => {
      const user = await requireFavoritesUser(ctx, request);
      return { favorites: await favorites.checkFavorites(ctx, user.id, request.query.producerIds) };
    },
  );

  app.get(
    '/check/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: { tags, security, params: ProducerIdParams, response: { 200: FavoriteCheckResponse, ...denied } },
    },
    async (request) => {
      const user = await requireFavoritesUser(ctx, request);
      return { isFavorited: await favorites.isFavorited(ctx, user.id, request.params.producerId) };
    },
  );

  // Public: a producer page may show how many people saved it.
  app.get(
    '/count/:producerId',
    { config: { access: 'public' }, schema: { tags, params: ProducerIdParams, response: { 200: FavoriteCountResponse } } },
    async (request) => ({ count: await favorites.countFavorites(ctx, request.params.producerId) }),
  );

  app.post(
    '/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: {
        tags,
        security,
        params: ProducerIdParams,
        response: { 200: FavoriteToggleResponse, 404: ErrorResponse, ...denied },
      },
    },
    async (request) => {
      const user = await requireFavoritesUser(ctx, request);
      return favorites.addFavorite(ctx, user.id, request.params.producerId);
    },
  );

  app.delete(
    '/:producerId',
    {
      config: FAVORITES_ACCESS,
      schema: { tags, security, params: ProducerIdParams, response: { 200: FavoriteToggleResponse, ...denied } },
    },
    async (request) => {
      const user = await requireFavoritesUser(ctx, request);
      return favorites.removeFavorite(ctx, user.id, request.params.producerId);
    },
  );
};

export default defineModule({ prefix: '/favorites', routes: favoritesRoutes });
