import { ErrorResponse } from '@farmstand/shared';
import {
  ProducerMapResponse,
  ProducerSearchListResponse,
  ProducerSearchQuery,
  ProductSearchQuery,
  ProductSearchResponse,
  producerSearchView,
  SuggestionsQuery,
  SuggestionsResponse,
} from '@farmstand/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, type ModuleOptions } from '../index';
import * as search from './search.service';

const tags = ['search'];

const searchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/products',
    { schema: { tags, querystring: ProductSearchQuery, response: { 200: ProductSearchResponse, 400: ErrorResponse } } },
    async (request) => search.searchProducts(ctx, request.query),
  );

  app.get(
    '/producers',
    {
      schema: {
        tags,
        description:
          'The list shape answers the /search screen (search, radius, latitude, longitude). The map shape answers when ' +
          'view=map, when lat, lng, verified or category is given, or when no parameter is given at all.',
        querystring: ProducerSearchQuery,
        response: { 200: z.union([ProducerSearchListResponse, ProducerMapResponse]), 400: ErrorResponse },
      },
    },
    async (request) =>
      producerSearchView(request.query) === 'map'
        ? search.searchProducerMap(ctx, request.query)
        : search.searchProducerList(ctx, request.query),
  );

  app.get(
    '/suggestions',
    { schema: { tags, querystring: SuggestionsQuery, response: { 200: SuggestionsResponse } } },
    async (request) => search.suggestions(ctx, request.query.q),
  );
};

export default defineModule({ prefix: '/search', routes: searchRoutes });
