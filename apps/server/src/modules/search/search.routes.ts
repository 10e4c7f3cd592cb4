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
import { forgetAllPublicProducts } from '../../lib/public-products';
import { defineModule, errors, type ModuleOptions } from '../module';
import { startListingIndex, stopListingIndex } from './listing-index/listing-index.service';
import * as search from './search.service';
import { onSearchChange, startSearchFeed, stopSearchFeed } from './search-changes';

const searchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The change feed runs on every instance from the start (decision 121): besides search and the map,
  // it drops the product page guest cache (decision 060) when any listing or producer changes anywhere.
  app.addHook('onReady', async () => {
    onSearchChange(ctx, () => forgetAllPublicProducts(ctx));
    // A failed first poll must not stop the app from starting: the timer keeps polling.
    await startSearchFeed(ctx).catch((error) => app.log.warn({ err: error }, 'search change feed: first poll failed'));
    // Search is answered from memory (decisions 125, 460), loaded in the background; readiness
    // answers 503 and searches wait until it has loaded (decision 461).
    startListingIndex(ctx, app.log);
  });
  app.addHook('onClose', async () => {
    stopListingIndex(ctx);
    stopSearchFeed(ctx);
  });

  app.get(
    '/products',
    {
      config: { access: 'public' },
      schema: { querystring: ProductSearchQuery, response: { 200: ProductSearchResponse, ...errors(400) } },
    },
    async (request, reply) => {
      // Written as JSON by the search engine, in the response schema's order: sent as is.
      const body = await search.productSearchJson(ctx, request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as ProductSearchResponse);
    },
  );

  app.get(
    '/producers',
    {
      config: { access: 'public' },
      schema: {
        description:
          'The list shape answers the /search screen (search, radius, latitude, longitude). The map shape answers when ' +
          'view=map, when lat, lng, verified, category, bbox or zoom is given, or when no parameter is given at all. ' +
          'With bbox (west,south,east,north) and zoom the map answer holds only that view: lone producers as markers ' +
          'and the rest as clusters (count, centre, bounds). benefits (snap, coupons, incentive) keeps only the farms ' +
          'taking that benefit today, in either shape, and does not choose the shape.',
        querystring: ProducerSearchQuery,
        response: { 200: z.union([ProducerSearchListResponse, ProducerMapResponse]), ...errors(400) },
      },
    },
    async (request, reply) => {
      if (producerSearchView(request.query) === 'list') {
        // Written as JSON by the presenter (producerListJson): sent as is.
        const body = await search.searchProducerListJson(ctx, request.query);
        return reply.type('application/json; charset=utf-8').send(body as unknown as ProducerSearchListResponse);
      }
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
    { config: { access: 'public' }, schema: { querystring: SuggestionsQuery, response: { 200: SuggestionsResponse } } },
    async (request) => search.suggestions(ctx, request.query.q),
  );
};

export default defineModule({ prefix: '/search', routes: searchRoutes });
