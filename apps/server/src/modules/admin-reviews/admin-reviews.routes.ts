import { ErrorResponse, IdParams } from '@farmstand/shared';
import { ModerateReviewRequest, ReviewDetail } from '@farmstand/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
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
        security: [{ bearer: [] }],
        params: IdParams,
        body: ModerateReviewRequest,
        response: {
          200: z.object({ review: ReviewDetail }),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const admin = await requireRole(ctx, request, ['admin']);
      return { review: await moderateReview(ctx, admin, request.params.id, request.body) };
    },
  );
};

export default defineModule({ prefix: '/admin/reviews', routes: adminReviewsRoutes });
