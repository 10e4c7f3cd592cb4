import { IdParams } from '@farmstand/shared';
import { ModerateReviewRequest, ReviewDetail } from '@farmstand/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { moderateReview } from '../reviews';

/**
 * PUT /api/admin/reviews/{id}/moderate lives beside the reviews domain so the review flow is
 * complete; the rest of the admin panel is its own module.
 */
const adminReviewsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.put(
    '/:id/moderate',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ModerateReviewRequest,
        response: { 200: z.object({ review: ReviewDetail }), ...errors(400, 404) },
      },
    },
    async (request) => ({ review: await moderateReview(ctx, request.user, request.params.id, request.body) }),
  );
};

export default defineModule({ prefix: '/admin/reviews', routes: adminReviewsRoutes });
