import { IdParams } from '@farmstand/shared';
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
import { defineModule, errors, type ModuleOptions } from '../module';
import * as pickup from './pickup.service';

const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers set up pickup places' },
};
const ProducerParams = z.object({ userId: IdParams.shape.id });
const ProductOfProducerParams = z.object({ userId: IdParams.shape.id, productId: IdParams.shape.id });

const pickupRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/mine',
    {
      config: producerOnly,
      schema: {
        summary: 'Your pickup setup: order rules, places and delivery days',
        response: { 200: PickupSetupResponse, ...errors(400) },
      },
    },
    async (request) => pickup.getOwnSetup(ctx, request.user),
  );

  app.put(
    '/mine/settings',
    {
      config: producerOnly,
      schema: {
        summary: 'Save your order cut-off and cap per pickup time',
        body: PickupSettingsRequest,
        response: { 200: PickupSetupResponse, ...errors(400) },
      },
    },
    async (request) => pickup.saveSettings(ctx, request.user, request.body),
  );

  app.post(
    '/mine/points',
    {
      config: producerOnly,
      schema: {
        summary: 'Add a pickup place or delivery days',
        body: PickupPointRequest,
        response: { 201: PickupPointResponse, ...errors(400, 409) },
      },
    },
    async (request, reply) => reply.status(201).send({ point: await pickup.addPoint(ctx, request.user, request.body) }),
  );

  app.put(
    '/mine/points/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Change a pickup place and its weekly times',
        params: IdParams,
        body: PickupPointRequest,
        response: { 200: PickupPointResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({ point: await pickup.updatePoint(ctx, request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/mine/points/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Remove a pickup place (its orders stay)',
        params: IdParams,
        response: { 200: z.object({ message: z.string() }), ...errors(400, 404) },
      },
    },
    async (request) => pickup.removePoint(ctx, request.user, request.params.id),
  );

  app.get(
    '/mine/products/:id/day-limits',
    {
      config: producerOnly,
      schema: {
        summary: "A product's own limit per pickup day at each of your places",
        params: IdParams,
        response: { 200: PlaceDayLimits, ...errors(400, 404) },
      },
    },
    async (request) => pickup.getDayLimits(ctx, request.user, request.params.id),
  );

  app.put(
    '/mine/products/:id/day-limits',
    {
      config: producerOnly,
      schema: {
        summary: "Set a product's own limit per pickup day at some of your places (the others keep the product's)",
        params: IdParams,
        body: PlaceDayLimitsRequest,
        response: { 200: PlaceDayLimits, ...errors(400, 404) },
      },
    },
    async (request) => pickup.saveDayLimits(ctx, request.user, request.params.id, request.body),
  );

  app.get(
    '/producers/:userId/products/:productId/day-left',
    {
      config: { access: 'public' },
      schema: {
        summary: "What a product's day limit leaves at each of the farm's places",
        params: ProductOfProducerParams,
        response: { 200: ProductDayLeft, ...errors(400, 404) },
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
        params: ProducerParams,
        response: { 200: PublicPickupResponse, ...errors(400, 404) },
      },
    },
    async (request) => pickup.publicPickup(ctx, request.params.userId),
  );
};

export default defineModule({ prefix: '/pickup', routes: pickupRoutes });
