import { IdParams } from '@farmstand/shared';
import { HandOverRequest, HandOverResponse } from '@farmstand/shared/schemas/hand-over';
import { Message } from '@farmstand/shared/schemas/messages';
import {
  AdminOrdersQuery,
  MyOrdersQuery,
  OrderListResponse,
  OrderMessageRequest,
  OrderResponse,
  OrderWeeksResponse,
  PickListQuery,
  PickListResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
  ReceivedOrdersQuery,
  TransitionRequest,
  WeighingQuery,
  WeighingResponse,
  WeighLineParams,
  WeighLineRequest,
} from '@farmstand/shared/schemas/orders';
import { HarvestQuery, HarvestResponse, PackingSlipsQuery } from '@farmstand/shared/schemas/packing';
import {
  CloseDayRequest,
  CloseDayResponse,
  PickupDayParams,
  PickupDayQuery,
  PickupDayResponse,
} from '@farmstand/shared/schemas/pickup-day';
import { ShortLineParams, ShortLineRequest } from '@farmstand/shared/schemas/short-harvest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { handOver } from './hand-over';
import * as placement from './order-placement';
import * as orders from './orders.service';
import { harvestList, packingSlips } from './packing';
import * as pickupDay from './pickup-day';
import { shortenLine } from './short-harvest';
import { weighingList, weighLine } from './weighing';

const failures = errors(400, 404, 409);
const SHOPPERS = ['consumer', 'producer', 'admin'] as const;
const producerOnly = { access: ['producer'] as const, accessMessages: { denied: 'Only producers receive orders' } };
const adminOnly = { access: ['admin'] as const, accessMessages: { denied: 'Only admins can see every order' } };

/**
 * Reservations paid at pickup. Mounted under /api/orders beside the inquiry routes
 * (POST /api/orders/inquire), whose paths these never reuse.
 */
const ordersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: { access: SHOPPERS, accessMessages: { signIn: 'Please sign in to reserve products' } },
      schema: {
        summary: 'Reserve products for pickup (pay the producer at pickup)',
        body: PlaceOrderRequest,
        response: { 201: PlaceOrderResponse, ...failures },
      },
    },
    async (request, reply) => {
      const checked = await placement.checkDraft(ctx, placement.basketDraft(request.user, request.body));
      const placed = await ctx.db.transaction((tx) => placement.placeDraft(ctx, tx, checked));
      return reply.status(201).send(placement.announcePlaced(ctx, placed));
    },
  );

  app.get(
    '/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Your orders, upcoming or past',
        querystring: MyOrdersQuery,
        response: { 200: OrderListResponse, ...failures },
      },
    },
    async (request) => orders.listMine(ctx, request.user, request.query),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: {
        summary: 'Orders your farm received, by pickup window',
        querystring: ReceivedOrdersQuery,
        response: { 200: OrderListResponse, ...failures },
      },
    },
    async (request) => orders.listReceived(ctx, request.user, request.query),
  );

  app.get(
    '/pick-list',
    {
      config: producerOnly,
      schema: {
        summary: 'Total quantity per product per pickup window on a day',
        querystring: PickListQuery,
        response: { 200: PickListResponse, ...failures },
      },
    },
    async (request) => orders.pickList(ctx, request.user, request.query.date),
  );

  app.get(
    '/days',
    {
      config: producerOnly,
      schema: {
        summary: "One pickup day of your farm in its places' time zones (the current or next one without a date)",
        querystring: PickupDayQuery,
        response: { 200: PickupDayResponse, ...failures },
      },
    },
    async (request) => pickupDay.pickupDay(ctx, request.user, request.query.date),
  );

  app.post(
    '/days/:date/close',
    {
      config: producerOnly,
      schema: {
        summary: 'Close a pickup day: orders still accepted or ready become picked up, except the no-shows named',
        params: PickupDayParams,
        body: CloseDayRequest,
        response: { 200: CloseDayResponse, ...failures },
      },
    },
    async (request) => pickupDay.closeDay(ctx, request.user, request.params.date, request.body.no_show_ids),
  );

  app.get(
    '/packing-slips.pdf',
    {
      config: producerOnly,
      schema: {
        summary: "Packing slips or bag labels (PDF) for a day's accepted and ready orders",
        description:
          'One slip per order (shopper, order number, pickup place and time in its zone, items, note, delivery address, amount to collect): `layout=slips` on Letter pages with cut lines, `layout=labels` on a label sheet (`sheet`, default Avery 5163). 404 when the day has nothing to pack.',
        querystring: PackingSlipsQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF document'), ...failures },
      },
    },
    async (request, reply) => {
      const producer = request.user;
      const { pdf, filename } = await packingSlips(ctx, producer, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/weighing',
    {
      config: producerOnly,
      schema: {
        summary: "Every by-weight line of a day's accepted and ready orders, to weigh their packs",
        querystring: WeighingQuery,
        response: { 200: WeighingResponse, ...failures },
      },
    },
    async (request) => weighingList(ctx, request.user, request.query.date),
  );

  app.put(
    '/:id/items/:itemId/weights',
    {
      config: producerOnly,
      schema: {
        summary: "Weigh a by-weight line's packs: the final price, and the order's once all its lines are weighed",
        description:
          "One weight per pack, in the line's unit (lb or oz). A weight far outside the pack range answers 409 unless `confirm` is true. When the last by-weight line is weighed the shopper is told the final total (live and by mail).",
        params: WeighLineParams,
        body: WeighLineRequest,
        response: { 200: OrderResponse, ...failures },
      },
    },
    async (request) => ({
      order: await weighLine(ctx, request.user, request.params.id, request.params.itemId, request.body),
    }),
  );

  app.get(
    '/harvest',
    {
      config: producerOnly,
      schema: {
        summary: 'What to pick per product across a range of pickup days, open requests apart',
        querystring: HarvestQuery,
        response: { 200: HarvestResponse, ...failures },
      },
    },
    async (request) => harvestList(ctx, request.user, request.query),
  );

  app.get(
    '/weekly',
    {
      config: producerOnly,
      schema: {
        summary: 'Orders and reserved value per week for your farm',
        response: { 200: OrderWeeksResponse, ...failures },
      },
    },
    async (request) => orders.ordersPerWeek(ctx, request.user),
  );

  app.get(
    '/all',
    {
      config: adminOnly,
      schema: {
        summary: 'Every order, read-only, with filters (admins)',
        querystring: AdminOrdersQuery,
        response: { 200: OrderListResponse, ...failures },
      },
    },
    async (request) => orders.listAll(ctx, request.user, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'One order with its history',
        params: IdParams,
        response: { 200: OrderResponse, ...failures },
      },
    },
    async (request) => ({ order: await orders.getOrder(ctx, request.user, request.params.id) }),
  );

  app.post(
    '/:id/transitions',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Accept, decline, mark ready, picked up, no-show, or cancel an order',
        params: IdParams,
        body: TransitionRequest,
        response: { 200: OrderResponse, ...failures },
      },
    },
    async (request) => ({ order: await orders.moveOrder(ctx, request.user, request.params.id, request.body) }),
  );

  app.post(
    '/:id/hand-over',
    {
      config: producerOnly,
      schema: {
        summary:
          'Paid & picked up: record what the shopper tendered and mark the order picked up, in one step (a retry applies it once)',
        params: IdParams,
        body: HandOverRequest,
        response: { 200: HandOverResponse, ...failures },
      },
    },
    async (request) => handOver(ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/lines/:productId/short',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Shorten or drop a line before the order is ready (a short harvest), with a reason told to the shopper',
        params: ShortLineParams,
        body: ShortLineRequest,
        response: { 200: OrderResponse, ...failures },
      },
    },
    async (request) => ({
      order: await shortenLine(ctx, request.user, request.params.id, request.params.productId, request.body),
    }),
  );

  app.get(
    '/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The order's message thread",
        params: IdParams,
        response: { 200: z.object({ messages: z.array(Message) }), ...failures },
      },
    },
    async (request) => orders.listThread(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Write in the order's message thread",
        params: IdParams,
        body: OrderMessageRequest,
        response: { 201: z.object({ message: Message }), ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await orders.postToThread(ctx, request.user, request.params.id, request.body.content)),
  );
};

export default defineModule({ prefix: '/orders', routes: ordersRoutes });
