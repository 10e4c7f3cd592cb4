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
    {
      config: { access: 'public' },
      schema: { tags, querystring: ProductSearchQuery, response: { 200: ProductSearchResponse, 400: ErrorResponse } },
    },
    async (request, reply) => {
      // Already serialised with the response schema (and possibly shared): sent as is.
      const json = await search.productSearchJson(ctx, request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as ProductSearchResponse);
    },
  );

  app.get(
    '/producers',
    {
      config: { access: 'public' },
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
      // Already JSON bytes (and possibly shared): sent as is, gzipped when the client accepts it.
      const answer = await search.producerMap(ctx, request.query);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (answer.gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(answer.gzipped as unknown as ProducerMapResponse);
      }
      return reply.send(answer.json as unknown as ProducerMapResponse);
    },
  );

  app.get(
    '/suggestions',
    { config: { access: 'public' }, schema: { tags, querystring: SuggestionsQuery, response: { 200: SuggestionsResponse } } },
    async (request) => search.suggestions(ctx, request.query.q),
  );
};

export default defineModule({ prefix: '/search', routes: searchRoutes });
