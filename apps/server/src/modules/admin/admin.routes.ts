import { IdParams } from '@farmstand/shared';
import {
  AdminDashboardStats,
  AdminHealth,
  AdminListQuery,
  AdminLogsResponse,
  AdminProductsResponse,
  AdminReviewsResponse,
  AdminUsersResponse,
  ProductModerationRequest,
  UserStatusRequest,
  UserTypeRequest,
} from '@farmstand/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as service from './admin.service';
import { systemHandlers } from './system.handlers';
import { verificationHandlers } from './verification.handlers';

const MessageResponse = z.object({ message: z.string() });

/**
 * The admin panel's calls (spec 02 §7). Every handler starts with the admin check (401 guest, 403 others);
 * every change writes an admin_logs row in the same transaction. Review moderation and announcements
 * live in their own modules.
 */
const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  app.get('/dashboard', { config: { access: ['admin'] }, schema: { response: { 200: AdminDashboardStats } } }, async () =>
    service.dashboardStats(ctx),
  );

  app.get(
    '/users',
    {
      config: { access: ['admin'] },
      schema: { querystring: AdminListQuery, response: { 200: AdminUsersResponse, ...errors(400) } },
    },
    async (request) => service.listUsers(ctx, request.query),
  );

  app.put(
    '/users/:id/status',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, body: UserStatusRequest, response: { 200: MessageResponse, ...errors(400, 404) } },
    },
    async (request) => service.changeUserStatus(ctx, request.user, request.params.id, request.body.action),
  );

  app.put(
    '/users/:id/type',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, body: UserTypeRequest, response: { 200: MessageResponse, ...errors(400, 404) } },
    },
    async (request) => service.changeUserType(ctx, request.user, request.params.id, request.body.newType),
  );

  app.get(
    '/products',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: AdminListQuery,
        response: { 200: AdminProductsResponse, ...errors(400) },
      },
    },
    async (request) => service.listProducts(ctx, request.query),
  );

  app.put(
    '/products/:id/moderate',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, body: ProductModerationRequest, response: { 200: MessageResponse, ...errors(400, 404) } },
    },
    async (request) => service.moderateProduct(ctx, request.user, request.params.id, request.body),
  );

  app.get('/reviews', { config: { access: ['admin'] }, schema: { response: { 200: AdminReviewsResponse } } }, async () => ({
    reviews: await service.pendingReviews(ctx),
  }));

  app.get(
    '/logs',
    {
      config: { access: ['admin'] },
      schema: { querystring: AdminListQuery, response: { 200: AdminLogsResponse, ...errors(400) } },
    },
    async (request) => service.adminLogs(ctx, request.query),
  );

  app.get('/health', { config: { access: ['admin'] }, schema: { response: { 200: AdminHealth } } }, async () =>
    service.systemHealth(ctx),
  );

  await app.register(verificationHandlers, { ctx, sensitiveRateLimit });
  await app.register(systemHandlers, { ctx, sensitiveRateLimit });
};

export default defineModule({ prefix: '/admin', routes: adminRoutes });
