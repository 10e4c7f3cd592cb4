import {
  CheckinRequest,
  CheckoutRequest,
  CheckoutShopper,
  MarketOrderParams,
  PickupDay,
  PickupDayQuery,
} from '@farmstand/shared/schemas/market-basket';
import { MarketIdParams } from '@farmstand/shared/schemas/market-office';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../plugins/auth';
import { marketGate } from '../markets';
import { defineModule, errors, type ModuleOptions } from '../module';
import { checkinCsv, checkoutCsv } from './market-pickup.files';
import * as service from './market-pickup.service';

/**
 * The market's pickup day (issue 49 item 4, decision 587), under /api/markets: the day's check-in
 * and checkout lists and their CSVs, and a farm's check-in. Managers and booth volunteers of the
 * market of the path (`marketGate` refuses anyone else before the body is read; the service checks again).
 */
const marketRole = {
  access: 'signed-in' as const,
  accessMessages: { signIn: 'Please sign in to work at this market' },
};

const sendCsv = (reply: FastifyReply, filename: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

const DAY_DESCRIPTION =
  'Grower check-in: per farm with market orders that day, its lines (ordered, brought, why short) and when it arrived. Customer checkout: per shopper’s market order, every farm’s part (status, lines, what the farm is owed in cents, whether it takes SNAP, whether it arrived) and the total; the market’s Double Dollars cap per card per day. A market day of the market only. Managers and booth volunteers.';

const marketPickupRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const staff = marketGate(ctx, 'staff');
  const daySchema = { params: MarketIdParams, querystring: PickupDayQuery };

  app.get(
    '/:id/pickup-day',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'The market’s pickup day: grower check-in and customer checkout',
        description: DAY_DESCRIPTION,
        ...daySchema,
        response: { 200: PickupDay, ...errors(400, 404) },
      },
    },
    async (request) => service.pickupDay(ctx, request.user, request.params.id, request.query.date),
  );

  app.get(
    '/:id/pickup-day/checkin.csv',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'The grower check-in as a CSV file',
        description: 'text/csv: a row per farm’s line, as the check-in list. Managers and booth volunteers.',
        ...daySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const day = await service.pickupDay(ctx, request.user, request.params.id, request.query.date);
      return sendCsv(reply, `farmstand-market-${day.marketId}-checkin-${day.date}.csv`, checkinCsv(day));
    },
  );

  app.get(
    '/:id/pickup-day/checkout.csv',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'The customer checkout as a CSV file',
        description: 'text/csv: a row per shopper’s farm part, as the checkout list. Managers and booth volunteers.',
        ...daySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const day = await service.pickupDay(ctx, request.user, request.params.id, request.query.date);
      return sendCsv(reply, `farmstand-market-${day.marketId}-checkout-${day.date}.csv`, checkoutCsv(day));
    },
  );

  app.post(
    '/:id/pickup-day/checkins',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'A farm arrived at the market, with what it brought short',
        description:
          'Records the farm’s arrival on the market day (today in the market’s zone; the first arrival’s time stays) and, per line of its market parts that day, what it brought and why: the shopper is told exactly as for a farm’s own short harvest (mail and the farm’s thread). A line not of this farm’s parts that day is refused; sending the same shortage again changes nothing. Answers the pickup day. Managers and booth volunteers.',
        params: MarketIdParams,
        body: CheckinRequest,
        response: { 200: PickupDay, ...errors(400, 404, 409) },
      },
    },
    async (request) => service.checkin(ctx, request.user, request.params.id, request.body),
  );
};

/** Checkout of one market order, under /api/market-orders: its market's managers and booth volunteers. */
const checkoutRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/:id/checkout',
    {
      config: { access: 'signed-in' as const, accessMessages: { signIn: 'Please sign in to hand over market orders' } },
      // Anyone but the market's staff is refused before the body is read.
      preValidation: async (request) => {
        const id = Number((request.params as { id?: unknown }).id);
        if (request.user && Number.isSafeInteger(id) && id > 0) await service.checkoutAccess(ctx, request.user as AuthUser, id);
      },
      schema: {
        summary: 'Hand over every farm’s bag of a market order, with the tender per farm',
        description:
          'One tender per part that is not cancelled, in cents, adding up to what that farm is owed: SNAP only to a farm that takes it; Double Dollars only with SNAP, within the farm’s plan and within the market’s cap for the card (`cardLast4`) that day across the booth and the baskets. Every part’s farm must have checked in (a part still a request is accepted as it is handed over). All parts move to picked up at once with their tenders and the market basket fee (on the vendor’s statement, never from SNAP); a second checkout is a 409 and changes nothing. Managers and booth volunteers of the order’s market.',
        params: MarketOrderParams,
        body: CheckoutRequest,
        response: { 200: z.object({ message: z.string(), shopper: CheckoutShopper }), ...errors(400, 404, 409) },
      },
    },
    async (request) => service.checkout(ctx, request.user, request.params.id, request.body),
  );
};

export default defineModule({ prefix: 'markets', routes: marketPickupRoutes });
export const marketCheckout = defineModule({ prefix: 'market-orders', routes: checkoutRoutes });
