import { IdParams, MessageResponse } from '@farmstand/shared';
import {
  CreateReviewRequest,
  FarmProductReviewsQuery,
  FarmProductReviewsResponse,
  ReviewDetail,
  ReviewDetailListResponse,
  ReviewsResponse,
  UpdateReviewRequest,
} from '@farmstand/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { REVIEW_TEXTS } from './reviews.policy';
import * as reviews from './reviews.service';

const CreatedReviewResponse = z.object({ review: ReviewDetail, message: z.string() });
const ReviewDetailResponse = z.object({ review: ReviewDetail });

const reviewsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/product/:id',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: ReviewsResponse, ...errors(404) } } },
    async (request) => reviews.productReviews(ctx, request.params.id),
  );

  app.get(
    '/producer/:id',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: ReviewsResponse, ...errors(404) } } },
    async (request) => reviews.producerReviews(ctx, request.params.id),
  );

  // The farm page's reviews of the farm's products (issue 44 item 5): paged, newest first, named.
  app.get(
    '/producer/:id/products',
    {
      config: { access: 'public' },
      schema: {
        params: IdParams,
        querystring: FarmProductReviewsQuery,
        response: { 200: FarmProductReviewsResponse, ...errors(400, 404) },
      },
    },
    async (request) => reviews.farmProductReviews(ctx, request.params.id, request.query),
  );

  app.post(
    '/',
    {
      // Shoppers only; reviews.policy.ts says the same for any other caller.
      config: {
        access: ['consumer'],
        accessMessages: { denied: { producer: REVIEW_TEXTS.producersDoNotReview, admin: REVIEW_TEXTS.adminsModerate } },
      },
      schema: {
        body: CreateReviewRequest,
        response: { 201: CreatedReviewResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const review = await reviews.createReview(ctx, user, request.body);
      return reply.status(201).send({ review, message: REVIEW_TEXTS.submitted });
    },
  );

  app.get(
    '/my-reviews',
    { config: { access: 'signed-in' }, schema: { response: { 200: ReviewDetailListResponse } } },
    async (request) => ({ reviews: await reviews.myReviews(ctx, request.user) }),
  );

  app.get(
    '/received',
    { config: { access: ['producer'] }, schema: { response: { 200: ReviewDetailListResponse } } },
    async (request) => ({ reviews: await reviews.receivedReviews(ctx, request.user) }),
  );

  app.put(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        params: IdParams,
        body: UpdateReviewRequest,
        response: { 200: ReviewDetailResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({ review: await reviews.updateReview(ctx, request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: { params: IdParams, response: { 200: MessageResponse, ...errors(404) } },
    },
    async (request) => {
      const user = request.user;
      await reviews.deleteReview(ctx, user, request.params.id);
      return { message: 'Review deleted' };
    },
  );
};

export default defineModule({ prefix: '/reviews', routes: reviewsRoutes });
