import { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, type ModuleOptions } from '../module';
import { readSiteInfo } from './site.service';

const siteRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // Public and open in maintenance mode: the web app learns from it that it must show the
  // maintenance screen, and with which message.
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Public site settings: name, contact details, maintenance mode, features and limits',
        response: { 200: SiteInfoResponse },
      },
    },
    async (_request, reply) => {
      // Settings change at any moment (maintenance on); a browser must ask again each time.
      reply.header('cache-control', 'no-cache');
      return readSiteInfo(ctx);
    },
  );
};

export default defineModule({ prefix: '/site', routes: siteRoutes });
