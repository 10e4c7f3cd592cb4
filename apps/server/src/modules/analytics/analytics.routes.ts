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
import { defineModule, errors, type ModuleOptions } from '../module';
import { assertAnalyticsReader } from './analytics.policy';
import * as analytics from './analytics.service';

/** Own per-IP budget, so a misbehaving page cannot flood the events table. */
const TRACK_PER_MINUTE = 120;
const adminOnlyAccess = { access: ['admin'] } as const;

const analyticsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/track',
    {
      config: { access: 'public', rateLimit: { max: TRACK_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: TrackEventRequest, response: { 204: z.null(), ...errors(400, 429) } },
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
        params: AnalyticsProducerParams,
        querystring: AnalyticsDaysQuery,
        response: { 200: ProducerAnalyticsResponse },
      },
    },
    async (request) => {
      assertAnalyticsReader(request.user, request.params.id);
      return analytics.producerAnalytics(ctx, request.params.id, request.query.days);
    },
  );

  app.get(
    '/popular-products',
    {
      config: adminOnlyAccess,
      schema: { querystring: PopularProductsQuery, response: { 200: PopularProductsResponse } },
    },
    async (request) => analytics.popularProducts(ctx, request.query.days, request.query.limit),
  );

  app.get(
    '/search-trends',
    {
      config: adminOnlyAccess,
      schema: { querystring: AnalyticsDaysQuery, response: { 200: SearchTrendsResponse } },
    },
    async (request) => analytics.searchTrends(ctx, request.query.days),
  );

  app.get(
    '/engagement',
    {
      config: adminOnlyAccess,
      schema: { querystring: AnalyticsDaysQuery, response: { 200: EngagementResponse } },
    },
    async (request) => analytics.engagement(ctx, request.query.days),
  );

  app.get(
    '/dashboard',
    {
      config: adminOnlyAccess,
      schema: { querystring: AnalyticsDaysQuery, response: { 200: AnalyticsDashboardResponse } },
    },
    async (request) => analytics.dashboard(ctx, request.query.days),
  );
};

export default defineModule({ prefix: '/analytics', routes: analyticsRoutes });
