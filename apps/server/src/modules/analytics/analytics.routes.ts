import { ErrorResponse } from '@farmstand/shared';
import {
  AnalyticsDashboardResponse,
  AnalyticsDaysQuery,
  AnalyticsProducerParams,
  EngagementResponse,
  PopularProductsQuery,
  PopularProductsResponse,
  ProducerAnalyticsResponse,
  SearchTrendsResponse,
  TrackEventRequest,
} from '@farmstand/shared/schemas/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import { requireProducerAnalyticsReader } from './analytics.policy';
import * as analytics from './analytics.service';

const tags = ['analytics'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorResponse, 403: ErrorResponse };
/** Own per-IP budget, so a misbehaving page cannot flood the events table. */
const TRACK_PER_MINUTE = 120;
const adminOnlyAccess = { access: ['admin'] } as const;

const analyticsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/track',
    {
      config: { access: 'public', rateLimit: { max: TRACK_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, body: TrackEventRequest, response: { 204: z.null(), 400: ErrorResponse, 429: ErrorResponse } },
    },
    async (request, reply) => {
      // Optional auth: a guest's event is kept without a user; an expired token does not fail the call.
      const user = await request.currentUser().catch(() => null);
      await analytics.track(ctx, user?.id ?? null, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/producer/:id',
    {
      // Producers see their own farm's figures (ownership checked in the handler), admins every farm's.
      config: { access: ['producer', 'admin'], accessMessages: { denied: 'You can only view analytics for your own farm' } },
      schema: {
        tags,
        security,
        params: AnalyticsProducerParams,
        querystring: AnalyticsDaysQuery,
        response: { 200: ProducerAnalyticsResponse, ...denied },
      },
    },
    async (request) => {
      await requireProducerAnalyticsReader(ctx, request, request.params.id);
      return analytics.producerAnalytics(ctx, request.params.id, request.query.days);
    },
  );

  const adminOnly = (request: Parameters<typeof requireRole>[1]) => requireRole(ctx, request, ['admin']);

  app.get(
    '/popular-products',
    {
      config: adminOnlyAccess,
      schema: { tags, security, querystring: PopularProductsQuery, response: { 200: PopularProductsResponse, ...denied } },
    },
    async (request) => {
      await adminOnly(request);
      return analytics.popularProducts(ctx, request.query.days, request.query.limit);
    },
  );

  app.get(
    '/search-trends',
    {
      config: adminOnlyAccess,
      schema: { tags, security, querystring: AnalyticsDaysQuery, response: { 200: SearchTrendsResponse, ...denied } },
    },
    async (request) => {
      await adminOnly(request);
      return analytics.searchTrends(ctx, request.query.days);
    },
  );

  app.get(
    '/engagement',
    {
      config: adminOnlyAccess,
      schema: { tags, security, querystring: AnalyticsDaysQuery, response: { 200: EngagementResponse, ...denied } },
    },
    async (request) => {
      await adminOnly(request);
      return analytics.engagement(ctx, request.query.days);
    },
  );

  app.get(
    '/dashboard',
    {
      config: adminOnlyAccess,
      schema: { tags, security, querystring: AnalyticsDaysQuery, response: { 200: AnalyticsDashboardResponse, ...denied } },
    },
    async (request) => {
      await adminOnly(request);
      return analytics.dashboard(ctx, request.query.days);
    },
  );
};

export default defineModule({ prefix: '/analytics', routes: analyticsRoutes });
