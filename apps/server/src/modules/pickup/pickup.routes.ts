import { ErrorResponse, IdParams } from '@farmstand/shared';
import {
  PickupPointRequest,
  PickupPointResponse,
  PickupSettingsRequest,
  PickupSetupResponse,
  PlaceDayLimits,
  PlaceDayLimitsRequest,
  ProductDayLeft,
  PublicPickupResponse,
} from '@farmstand/shared/schemas/pickup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as pickup from './pickup.service';

const tags = ['pickup'];
const security = [{ bearer: [] }];
const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers set up pickup places' },
};
const denied = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const ProducerParams = z.object({ userId: IdParams.shape.id });
const ProductOfProducerParams = z.object({ userId: IdParams.shape.id, productId: IdParams.shape.id });

const pickupRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const producer = (request: Parameters<typeof requireRole>[1]) =>
    requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied);

  app.get(
    '/mine',
    {
      config: producerOnly,
      schema: {
        summary: 'Your pickup setup: order rules, places and delivery days',
        tags,
        security,
        response: { 200: PickupSetupResponse, ...denied },
      },
    },
    async (request) => pickup.getOwnSetup(ctx, await producer(request)),
  );

  app.put(
    '/mine/settings',
    {
      config: producerOnly,
      schema: {
        summary: 'Save your order cut-off and cap per pickup time',
        tags,
        security,
        body: PickupSettingsRequest,
        response: { 200: PickupSetupResponse, ...denied },
      },
    },
    async (request) => pickup.saveSettings(ctx, await producer(request), request.body),
  );

  app.post(
    '/mine/points',
    {
      config: producerOnly,
      schema: {
        summary: 'Add a pickup place or delivery days',
        tags,
        security,
        body: PickupPointRequest,
        response: { 201: PickupPointResponse, 409: ErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ point: await pickup.addPoint(ctx, await producer(request), request.body) }),
  );

  app.put(
    '/mine/points/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Change a pickup place and its weekly times',
        tags,
        security,
        params: IdParams,
        body: PickupPointRequest,
        response: { 200: PickupPointResponse, 404: ErrorResponse, ...denied },
      },
    },
    async (request) => ({ point: await pickup.updatePoint(ctx, await producer(request), request.params.id, request.body) }),
  );

  app.delete(
    '/mine/points/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Remove a pickup place (its orders stay)',
        tags,
        security,
        params: IdParams,
        response: { 200: z.object({ message: z.string() }), 404: ErrorResponse, ...denied },
      },
    },
    async (request) => pickup.removePoint(ctx, await producer(request), request.params.id),
  );

  app.get(
    '/mine/products/:id/day-limits',
    {
      config: producerOnly,
      schema: {
        summary: "A product's own limit per pickup day at each of your places",
        tags,
        security,
        params: IdParams,
        response: { 200: PlaceDayLimits, 404: ErrorResponse, ...denied },
      },
    },
    async (request) => pickup.getDayLimits(ctx, await producer(request), request.params.id),
  );

  app.put(
    '/mine/products/:id/day-limits',
    {
      config: producerOnly,
      schema: {
        summary: "Set a product's own limit per pickup day at some of your places (the others keep the product's)",
        tags,
        security,
        params: IdParams,
        body: PlaceDayLimitsRequest,
        response: { 200: PlaceDayLimits, 404: ErrorResponse, ...denied },
      },
    },
    async (request) => pickup.saveDayLimits(ctx, await producer(request), request.params.id, request.body),
  );

  app.get(
    '/producers/:userId/products/:productId/day-left',
    {
      config: { access: 'public' },
      schema: {
        summary: "What a product's day limit leaves at each of the farm's places",
        tags,
        params: ProductOfProducerParams,
        response: { 200: ProductDayLeft, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => pickup.productDayLeft(ctx, request.params.userId, request.params.productId),
  );

  // Public: the producer page and the product page show where and when to pick up.
  app.get(
    '/producers/:userId',
    {
      config: { access: 'public' },
      schema: {
        summary: "A farm's pickup places, rules and next open pickup times",
        tags,
        params: ProducerParams,
        response: { 200: PublicPickupResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => pickup.publicPickup(ctx, request.params.userId),
  );
};

export default defineModule({ prefix: '/pickup', routes: pickupRoutes });
