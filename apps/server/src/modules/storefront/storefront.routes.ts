import { IdParams } from '@farmstand/shared';
import { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { getPublicProfile } from './farm-page';

/** The public farm page's JSON (spec 02 §7 Producers): a producer's public id is its user id. */
const storefrontRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Public farm profile by the producer’s user id, with its listed products',
        params: IdParams,
        response: { 200: PublicProducerProfile, ...errors(404) },
      },
    },
    async (request) => getPublicProfile(ctx, await request.currentUser(), request.params.id),
  );
};

export default defineModule({ prefix: '/producers', routes: storefrontRoutes });
