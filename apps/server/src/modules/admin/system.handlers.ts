import { ErrorResponse } from '@farmstand/shared';
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
import { requireRole } from '../../plugins/auth';
import type { ModuleOptions } from '../module';
import { analytics } from './analytics.service';
import * as maintenance from './maintenance.service';

const MessageResponse = z.object({ message: z.string() });
const readErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const doc = { tags: ['admin'], security: [{ bearer: [] }] };

/** Settings, maintenance and analytics, mounted by admin.routes.ts under /admin. */
export const systemHandlers: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const requireAdmin = (request: Parameters<typeof requireRole>[1]) => requireRole(ctx, request, ['admin']);

  app.get(
    '/settings',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: SettingsResponse, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return { settings: await maintenance.readSettings(ctx) };
    },
  );

  app.get(
    '/settings/:key',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: SettingsKeyParams, response: { 200: SettingsResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      const all = await maintenance.readSettings(ctx);
      return { settings: { [request.params.key]: all[request.params.key] ?? {} } };
    },
  );

  app.put(
    '/settings/:key',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: SettingsKeyParams, body: SettingsSectionBody, response: { 200: MessageResponse, ...readErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return maintenance.saveSettings(ctx, admin, request.params.key, request.body);
    },
  );

  app.post(
    '/maintenance/backup',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: BackupResponse, ...readErrors } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return maintenance.backup(ctx, admin);
    },
  );

  app.post(
    '/maintenance/clear-cache',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: MessageResponse, ...readErrors } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return maintenance.clearCache(ctx, admin);
    },
  );

  app.get(
    '/analytics',
    {
      config: { access: ['admin'] },
      schema: { ...doc, querystring: AnalyticsQuery, response: { 200: AnalyticsResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      return analytics(ctx, request.query.timeRange ?? '30d');
    },
  );
};
