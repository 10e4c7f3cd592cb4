import { ErrorResponse, IdParams } from '@farmstand/shared';
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
import { requireRole, requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import { handOver } from './hand-over';
import * as placement from './order-placement';
import * as orders from './orders.service';
import { harvestList, packingSlips } from './packing';
import * as pickupDay from './pickup-day';
import { shortenLine } from './short-harvest';
import { weighingList, weighLine } from './weighing';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
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
        tags,
        security,
        body: PlaceOrderRequest,
        response: { 201: PlaceOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const checked = await placement.checkDraft(ctx, placement.basketDraft(await requireUser(ctx, request), request.body));
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
        tags,
        security,
        querystring: MyOrdersQuery,
        response: { 200: OrderListResponse, ...errors },
      },
    },
    async (request) => orders.listMine(ctx, await requireUser(ctx, request), request.query),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: {
        summary: 'Orders your farm received, by pickup window',
        tags,
        security,
        querystring: ReceivedOrdersQuery,
        response: { 200: OrderListResponse, ...errors },
      },
    },
    async (request) =>
      orders.listReceived(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied), request.query),
  );

  app.get(
    '/pick-list',
    {
      config: producerOnly,
      schema: {
        summary: 'Total quantity per product per pickup window on a day',
        tags,
        security,
        querystring: PickListQuery,
        response: { 200: PickListResponse, ...errors },
      },
    },
    async (request) =>
      orders.pickList(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied), request.query.date),
  );

  app.get(
    '/days',
    {
      config: producerOnly,
      schema: {
        summary: "One pickup day of your farm in its places' time zones (the current or next one without a date)",
        tags,
        security,
        querystring: PickupDayQuery,
        response: { 200: PickupDayResponse, ...errors },
      },
    },
    async (request) =>
      pickupDay.pickupDay(
        ctx,
        await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied),
        request.query.date,
      ),
  );

  app.post(
    '/days/:date/close',
    {
      config: producerOnly,
      schema: {
        summary: 'Close a pickup day: orders still accepted or ready become picked up, except the no-shows named',
        tags,
        security,
        params: PickupDayParams,
        body: CloseDayRequest,
        response: { 200: CloseDayResponse, ...errors },
      },
    },
    async (request) =>
      pickupDay.closeDay(
        ctx,
        await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied),
        request.params.date,
        request.body.no_show_ids,
      ),
  );

  app.get(
    '/packing-slips.pdf',
    {
      config: producerOnly,
      schema: {
        summary: "Packing slips or bag labels (PDF) for a day's accepted and ready orders",
        description:
          'One slip per order (shopper, order number, pickup place and time in its zone, items, note, delivery address, amount to collect): `layout=slips` on Letter pages with cut lines, `layout=labels` on a label sheet (`sheet`, default Avery 5163). 404 when the day has nothing to pack.',
        tags,
        security,
        querystring: PackingSlipsQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF document'), ...errors },
      },
    },
    async (request, reply) => {
      const producer = await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied);
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
        tags,
        security,
        querystring: WeighingQuery,
        response: { 200: WeighingResponse, ...errors },
      },
    },
    async (request) =>
      weighingList(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied), request.query.date),
  );

  app.put(
    '/:id/items/:itemId/weights',
    {
      config: producerOnly,
      schema: {
        summary: "Weigh a by-weight line's packs: the final price, and the order's once all its lines are weighed",
        description:
          "One weight per pack, in the line's unit (lb or oz). A weight far outside the pack range answers 409 unless `confirm` is true. When the last by-weight line is weighed the shopper is told the final total (live and by mail).",
        tags,
        security,
        params: WeighLineParams,
        body: WeighLineRequest,
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => ({
      order: await weighLine(
        ctx,
        await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  app.get(
    '/harvest',
    {
      config: producerOnly,
      schema: {
        summary: 'What to pick per product across a range of pickup days, open requests apart',
        tags,
        security,
        querystring: HarvestQuery,
        response: { 200: HarvestResponse, ...errors },
      },
    },
    async (request) =>
      harvestList(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied), request.query),
  );

  app.get(
    '/weekly',
    {
      config: producerOnly,
      schema: {
        summary: 'Orders and reserved value per week for your farm',
        tags,
        security,
        response: { 200: OrderWeeksResponse, ...errors },
      },
    },
    async (request) =>
      orders.ordersPerWeek(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied)),
  );

  app.get(
    '/all',
    {
      config: adminOnly,
      schema: {
        summary: 'Every order, read-only, with filters (admins)',
        tags,
        security,
        querystring: AdminOrdersQuery,
        response: { 200: OrderListResponse, ...errors },
      },
    },
    async (request) =>
      orders.listAll(ctx, await requireRole(ctx, request, ['admin'], adminOnly.accessMessages.denied), request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'One order with its history',
        tags,
        security,
        params: IdParams,
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await orders.getOrder(ctx, await requireUser(ctx, request), request.params.id) }),
  );

  app.post(
    '/:id/transitions',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Accept, decline, mark ready, picked up, no-show, or cancel an order',
        tags,
        security,
        params: IdParams,
        body: TransitionRequest,
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await orders.moveOrder(ctx, await requireUser(ctx, request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/hand-over',
    {
      config: producerOnly,
      schema: {
        summary:
          'Paid & picked up: record what the shopper tendered and mark the order picked up, in one step (a retry applies it once)',
        tags,
        security,
        params: IdParams,
        body: HandOverRequest,
        response: { 200: HandOverResponse, ...errors },
      },
    },
    async (request) => handOver(ctx, await requireUser(ctx, request), request.params.id, request.body),
  );

  app.post(
    '/:id/lines/:productId/short',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Shorten or drop a line before the order is ready (a short harvest), with a reason told to the shopper',
        tags,
        security,
        params: ShortLineParams,
        body: ShortLineRequest,
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => ({
      order: await shortenLine(ctx, await requireUser(ctx, request), request.params.id, request.params.productId, request.body),
    }),
  );

  app.get(
    '/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The order's message thread",
        tags,
        security,
        params: IdParams,
        response: { 200: z.object({ messages: z.array(Message) }), ...errors },
      },
    },
    async (request) => orders.listThread(ctx, await requireUser(ctx, request), request.params.id),
  );

  app.post(
    '/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Write in the order's message thread",
        tags,
        security,
        params: IdParams,
        body: OrderMessageRequest,
        response: { 201: z.object({ message: Message }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await orders.postToThread(ctx, await requireUser(ctx, request), request.params.id, request.body.content)),
  );
};

export default defineModule({ prefix: '/orders', routes: ordersRoutes });
