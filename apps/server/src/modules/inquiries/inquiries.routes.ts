import { ErrorResponse, Pagination, TEXTS } from '@farmstand/shared';
import { InquiryListResponse, InquiryRequest, InquiryResponse } from '@farmstand/shared/schemas/inquiries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { requireRole, requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as inquiries from './inquiries.service';

const tags = ['inquiries'];
const security = [{ bearer: [] }];
const RECEIVED_BY_PRODUCERS = 'Only producers receive inquiries';

const inquiriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  inquiries.subscribeInquiryStatus(ctx);

  app.post(
    '/inquire',
    {
      config: { access: 'signed-in', accessMessages: { signIn: TEXTS.inquiryLoginRequired } },
      schema: {
        tags,
        security,
        body: InquiryRequest,
        response: { 201: InquiryResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (!(await request.currentUser())) throw unauthorized(TEXTS.inquiryLoginRequired);
      const customer = await requireUser(ctx, request);
      return reply.status(201).send(await inquiries.createInquiry(ctx, customer, request.body));
    },
  );

  app.get(
    '/inquiries/received',
    {
      config: { access: ['producer'], accessMessages: { denied: RECEIVED_BY_PRODUCERS } },
      schema: {
        tags,
        security,
        querystring: Pagination,
        response: { 200: InquiryListResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) =>
      inquiries.listReceived(ctx, await requireRole(ctx, request, ['producer'], RECEIVED_BY_PRODUCERS), request.query),
  );

  app.get(
    '/inquiries/sent',
    {
      config: { access: 'signed-in' },
      schema: { tags, security, querystring: Pagination, response: { 200: InquiryListResponse, 401: ErrorResponse } },
    },
    async (request) => inquiries.listSent(ctx, await requireUser(ctx, request), request.query),
  );
};

export default defineModule({ prefix: '/orders', routes: inquiriesRoutes });
