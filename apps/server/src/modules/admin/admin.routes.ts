import { ErrorResponse, IdParams } from '@farmstand/shared';
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
import { requireRole } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as service from './admin.service';
import { systemHandlers } from './system.handlers';
import { verificationHandlers } from './verification.handlers';

const MessageResponse = z.object({ message: z.string() });
const readErrors = { 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const doc = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * The admin panel's calls (spec 02 §7). Every handler starts with the admin check (401 guest, 403 others);
 * every change writes an admin_logs row in the same transaction. Review moderation and announcements
 * live in their own modules.
 */
const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  const requireAdmin = (request: Parameters<typeof requireRole>[1]) => requireRole(ctx, request, ['admin']);

  app.get(
    '/dashboard',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: AdminDashboardStats, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return service.dashboardStats(ctx);
    },
  );

  app.get(
    '/users',
    {
      config: { access: ['admin'] },
      schema: { ...doc, querystring: AdminListQuery, response: { 200: AdminUsersResponse, 400: ErrorResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      return service.listUsers(ctx, request.query);
    },
  );

  app.put(
    '/users/:id/status',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, body: UserStatusRequest, response: { 200: MessageResponse, ...writeErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.changeUserStatus(ctx, admin, request.params.id, request.body.action);
    },
  );

  app.put(
    '/users/:id/type',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, body: UserTypeRequest, response: { 200: MessageResponse, ...writeErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.changeUserType(ctx, admin, request.params.id, request.body.newType);
    },
  );

  app.get(
    '/products',
    {
      config: { access: ['admin'] },
      schema: {
        ...doc,
        querystring: AdminListQuery,
        response: { 200: AdminProductsResponse, 400: ErrorResponse, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.listProducts(ctx, request.query);
    },
  );

  app.put(
    '/products/:id/moderate',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, body: ProductModerationRequest, response: { 200: MessageResponse, ...writeErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.moderateProduct(ctx, admin, request.params.id, request.body);
    },
  );

  app.get(
    '/reviews',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: AdminReviewsResponse, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return { reviews: await service.pendingReviews(ctx) };
    },
  );

  app.get(
    '/logs',
    {
      config: { access: ['admin'] },
      schema: { ...doc, querystring: AdminListQuery, response: { 200: AdminLogsResponse, 400: ErrorResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      return service.adminLogs(ctx, request.query);
    },
  );

  app.get(
    '/health',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: AdminHealth, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return service.systemHealth(ctx);
    },
  );

  await app.register(verificationHandlers, { ctx, sensitiveRateLimit });
  await app.register(systemHandlers, { ctx, sensitiveRateLimit });
};

export default defineModule({ prefix: '/admin', routes: adminRoutes });
