import {
  AnalyticsQuery,
  AnalyticsResponse,
  BackupResponse,
  SettingsKeyParams,
  SettingsResponse,
  SettingsSectionBody,
} from '@farmstand/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, type ModuleOptions } from '../module';
import { analyticsCsv } from './analytics.csv';
import { analytics } from './analytics.service';
import * as maintenance from './maintenance.service';

const MessageResponse = z.object({ message: z.string() });

/** Settings, maintenance and analytics, mounted by admin.routes.ts under /admin. */
export const systemHandlers: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/settings',
    { config: { access: ['admin'] }, schema: { response: { 200: SettingsResponse, ...errors(400) } } },
    async () => ({
      settings: await maintenance.readSettings(ctx),
    }),
  );

  app.get(
    '/settings/:key',
    {
      config: { access: ['admin'] },
      schema: { params: SettingsKeyParams, response: { 200: SettingsResponse, ...errors(400) } },
    },
    async (request) => {
      const all = await maintenance.readSettings(ctx);
      return { settings: { [request.params.key]: all[request.params.key] ?? {} } };
    },
  );

  app.put(
    '/settings/:key',
    {
      config: { access: ['admin'] },
      schema: { params: SettingsKeyParams, body: SettingsSectionBody, response: { 200: MessageResponse, ...errors(400) } },
    },
    async (request) => maintenance.saveSettings(ctx, request.user, request.params.key, request.body),
  );

  app.post(
    '/maintenance/backup',
    { config: { access: ['admin'] }, schema: { response: { 200: BackupResponse, ...errors(400) } } },
    async (request) => maintenance.backup(ctx, request.user),
  );

  app.post(
    '/maintenance/clear-cache',
    { config: { access: ['admin'] }, schema: { response: { 200: MessageResponse, ...errors(400) } } },
    async (request) => maintenance.clearCache(ctx, request.user),
  );

  app.get(
    '/analytics',
    {
      config: { access: ['admin'] },
      schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsResponse, ...errors(400) } },
    },
    async (request) => analytics(ctx, request.query.timeRange ?? '30d'),
  );

  app.get(
    '/analytics.csv',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'The platform analytics as a CSV file',
        description:
          'text/csv (UTF-8 with BOM): the figures of `GET /api/admin/analytics` for the period (metrics with their change, the series, orders per pickup week, top farms and products, geography, user segments), a titled block each.',
        querystring: AnalyticsQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400) },
      },
    },
    async (request, reply) => {
      const range = request.query.timeRange ?? '30d';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="farmstand-analytics-${range}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(analyticsCsv(await analytics(ctx, range)));
    },
  );
};
