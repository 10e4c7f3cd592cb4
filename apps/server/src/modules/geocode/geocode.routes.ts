import { TEXTS } from '@farmstand/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { defineModule, type ModuleOptions } from '../module';
import { geocode } from './geocode.service';

const GeocodeQuery = z.object({
  q: z.string({ error: 'Enter a ZIP code or a town' }).trim().min(1, 'Enter a ZIP code or a town').max(200),
});
const GeocodeResponse = z.object({ latitude: z.number(), longitude: z.number(), formatted: z.string() });

const geocodeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    { config: { access: 'public' }, schema: { tags: ['search'], querystring: GeocodeQuery, response: { 200: GeocodeResponse } } },
    async (request) => {
      const result = await geocode(ctx, request.query.q);
      if (!result) throw notFound(TEXTS.locationNotFound);
      return result;
    },
  );
};

export default defineModule({ prefix: '/geocode', routes: geocodeRoutes });
