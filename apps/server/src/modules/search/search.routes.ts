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
    async (request, reply) => {
      if (producerSearchView(request.query) === 'list') return search.searchProducerList(ctx, request.query);
      // Already JSON (and possibly cached): Fastify sends a string with a JSON type as is, unserialised.
      const json = await search.producerMapJson(ctx, request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as ProducerMapResponse);
    },
  );

  app.get(
    '/suggestions',
    { schema: { tags, querystring: SuggestionsQuery, response: { 200: SuggestionsResponse } } },
    async (request) => search.suggestions(ctx, request.query.q),
  );
};

export default defineModule({ prefix: '/search', routes: searchRoutes });
