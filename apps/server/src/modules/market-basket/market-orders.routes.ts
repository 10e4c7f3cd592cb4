import { MarketOrder, MarketOrderList, MarketOrderParams, MarketOrderResponse } from '@farmstand/shared/schemas/market-basket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as basket from './market-basket.service';

const tags = ['market basket'];

/**
 * A shopper's market orders (decision 584): the list, one market order with its parts (its shopper
 * and the market's staff every part; a farm only its own part), and cancelling every open part.
 */
const marketOrderRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My market orders, each with its parts', response: { 200: MarketOrderList } },
    },
    async (request) => basket.listMine(ctx, request.user),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One market order: its shopper and the market’s staff read every part, a farm only its own',
        params: MarketOrderParams,
        response: { 200: MarketOrder, ...errors(404) },
      },
    },
    async (request) => basket.getMarketOrder(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel every open part of my market order (refused once a farm has prepared past its cut-off)',
        params: MarketOrderParams,
        response: { 200: MarketOrderResponse, ...errors(404, 409) },
      },
    },
    async (request) => {
      const marketOrder = await basket.cancelMarketOrder(ctx, request.user, request.params.id);
      return { message: `Market order #${marketOrder.id} cancelled`, marketOrder };
    },
  );
};

export default defineModule({ prefix: '/market-orders', routes: marketOrderRoutes });
