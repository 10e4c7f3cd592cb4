import { IdParams } from '@farmstand/shared';
import {
  AvailabilityRequest,
  MyProductsResponse,
  ProductCreatedResponse,
  ProductRequest,
  ProductResponse,
} from '@farmstand/shared/schemas/products';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/auth';
import { defineModule, errors, type ModuleOptions } from '../module';
import { catalogueRoutes } from './catalogue.routes';
import * as products from './products.service';

const PRODUCERS_ONLY = 'Only producer accounts can manage products';
/** Owners change their products, admins moderate any (ownership checked in products.service). */
const managerAccess = { access: ['producer', 'admin'], accessMessages: { denied: PRODUCERS_ONLY } } as const;
const producerAccess = { access: ['producer'], accessMessages: { denied: PRODUCERS_ONLY } } as const;

/** Product management (paths chosen in docs/decisions/030) and the public product read. */
const productRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  // The catalogue's routes take a CSV body: their own plugin keeps its parser to themselves.
  await app.register(catalogueRoutes, { ctx, sensitiveRateLimit });

  app.get(
    '/mine',
    {
      config: producerAccess,
      schema: { summary: 'My products, deleted ones included', response: { 200: MyProductsResponse, ...errors(400, 404) } },
    },
    async (request) => products.listMyProducts(ctx, request.user),
  );

  app.post(
    '/',
    {
      config: producerAccess,
      schema: {
        summary: 'Create a product (producers with a profile; limited by max_products_per_producer)',
        body: ProductRequest,
        response: { 201: ProductCreatedResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      return reply.status(201).send(await products.createProduct(ctx, user, request.body));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A product with its producer (public)',
        params: IdParams,
        response: { 200: ProductResponse, ...errors(404) },
      },
    },
    async (request, reply) => {
      // Guests share one short-lived cached body; signed-in viewers always read fresh.
      if (!bearerToken(request)) {
        // Already serialized through ProductResponse when cached; Fastify sends a JSON string as it is.
        const untyped: FastifyReply = reply;
        return untyped.type('application/json; charset=utf-8').send(await products.getPublicProductBody(ctx, request.params.id));
      }
      return { product: await products.getProduct(ctx, await request.currentUser(), request.params.id) };
    },
  );

  app.put(
    '/:id',
    {
      config: managerAccess,
      schema: {
        summary: 'Update a product (owner or admin)',
        params: IdParams,
        body: ProductRequest,
        response: { 200: ProductResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({
      product: await products.updateProduct(ctx, request.user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      config: managerAccess,
      schema: {
        summary: 'Soft-delete a product (active=false)',
        params: IdParams,
        response: { 200: ProductResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({ product: await products.deleteProduct(ctx, request.user, request.params.id) }),
  );

  app.post(
    '/:id/restore',
    {
      config: managerAccess,
      schema: {
        summary: 'Bring a deleted product back (counts against the limit)',
        params: IdParams,
        response: { 200: ProductResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => ({ product: await products.restoreProduct(ctx, request.user, request.params.id) }),
  );

  app.patch(
    '/:id/availability',
    {
      config: managerAccess,
      schema: {
        summary: 'Change availability and optionally the stock quantity',
        params: IdParams,
        body: AvailabilityRequest,
        response: { 200: ProductResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({
      product: await products.updateAvailability(ctx, request.user, request.params.id, request.body),
    }),
  );
};

export default defineModule({ prefix: '/products', routes: productRoutes });
