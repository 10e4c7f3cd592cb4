import {
  MarketOffer,
  MarketOfferQuery,
  MarketOrderResponse,
  PlaceMarketBasketRequest,
} from '@farmstand/shared/schemas/market-basket';
import { MarketParams } from '@farmstand/shared/schemas/markets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as basket from './market-basket.service';

const tags = ['market basket'];
/** Who may shop: any signed-in shopper or farm (a farm cannot reserve its own products: the orders' rule). */
const SHOPPERS = ['consumer', 'producer', 'admin'] as const;

/**
 * A market's offer for a market day and the shopper's market basket (issue 49, decision 584),
 * mounted under /api/markets beside the markets module. The market orders themselves are
 * `market-orders.routes.ts`.
 */
const basketRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/:id/offer',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the market’s vendors offer for a market day (no date: the coming one still open for orders)',
        params: MarketParams,
        querystring: MarketOfferQuery,
        response: { 200: MarketOffer, ...errors(400, 404) },
      },
    },
    async (request) => basket.marketOffer(ctx, request.params.id, request.query.date),
  );

  app.post(
    '/:id/basket',
    {
      config: { access: SHOPPERS, accessMessages: { signIn: 'Please sign in to place a market order' } },
      schema: {
        tags,
        summary: 'Place a market basket once: one order per farm, linked as one market order, all or none',
        params: MarketParams,
        body: PlaceMarketBasketRequest,
        response: { 200: MarketOrderResponse, 201: MarketOrderResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { created, marketOrder } = await basket.placeBasket(ctx, request.user, request.params.id, request.body);
      const message = created
        ? `Market order #${marketOrder.id} placed: ${marketOrder.parts.length} farm${marketOrder.parts.length === 1 ? '' : 's'} will prepare your bags`
        : `Market order #${marketOrder.id} was already placed`;
      return reply.code(created ? 201 : 200).send({ message, marketOrder });
    },
  );
};

export default defineModule({ prefix: '/markets', routes: basketRoutes });
