import { ErrorResponse, IdParams, MessageResponse } from '@farmstand/shared';
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
import { requireRole, requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import { REVIEW_TEXTS } from './reviews.policy';
import * as reviews from './reviews.service';

const tags = ['reviews'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorResponse, 403: ErrorResponse };
const CreatedReviewResponse = z.object({ review: ReviewDetail, message: z.string() });
const ReviewDetailResponse = z.object({ review: ReviewDetail });

const reviewsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/product/:id',
    { config: { access: 'public' }, schema: { tags, params: IdParams, response: { 200: ReviewsResponse, 404: ErrorResponse } } },
    async (request) => reviews.productReviews(ctx, request.params.id),
  );

  app.get(
    '/producer/:id',
    { config: { access: 'public' }, schema: { tags, params: IdParams, response: { 200: ReviewsResponse, 404: ErrorResponse } } },
    async (request) => reviews.producerReviews(ctx, request.params.id),
  );

  // The farm page's reviews of the farm's products (issue 44 item 5): paged, newest first, named.
  app.get(
    '/producer/:id/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: IdParams,
        querystring: FarmProductReviewsQuery,
        response: { 200: FarmProductReviewsResponse, 400: ErrorResponse, 404: ErrorResponse },
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
        tags,
        security,
        body: CreateReviewRequest,
        response: { 201: CreatedReviewResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const review = await reviews.createReview(ctx, user, request.body);
      return reply.status(201).send({ review, message: REVIEW_TEXTS.submitted });
    },
  );

  app.get(
    '/my-reviews',
    { config: { access: 'signed-in' }, schema: { tags, security, response: { 200: ReviewDetailListResponse, ...denied } } },
    async (request) => {
      const user = await requireUser(ctx, request);
      return { reviews: await reviews.myReviews(ctx, user) };
    },
  );

  app.get(
    '/received',
    { config: { access: ['producer'] }, schema: { tags, security, response: { 200: ReviewDetailListResponse, ...denied } } },
    async (request) => {
      const user = await requireRole(ctx, request, ['producer']);
      return { reviews: await reviews.receivedReviews(ctx, user) };
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        params: IdParams,
        body: UpdateReviewRequest,
        response: { 200: ReviewDetailResponse, 400: ErrorResponse, 404: ErrorResponse, ...denied },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      return { review: await reviews.updateReview(ctx, user, request.params.id, request.body) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, security, params: IdParams, response: { 200: MessageResponse, 404: ErrorResponse, ...denied } },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      await reviews.deleteReview(ctx, user, request.params.id);
      return { message: 'Review deleted' };
    },
  );
};

export default defineModule({ prefix: '/reviews', routes: reviewsRoutes });
