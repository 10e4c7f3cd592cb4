import { Pagination, TEXTS } from '@farmstand/shared';
import { InquiryListResponse, InquiryRequest, InquiryResponse } from '@farmstand/shared/schemas/inquiries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as inquiries from './inquiries.service';

const tags = ['inquiries'];
const RECEIVED_BY_PRODUCERS = 'Only producers receive inquiries';

const inquiriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  inquiries.subscribeInquiryStatus(ctx);

  app.post(
    '/inquire',
    {
      config: { access: 'signed-in', accessMessages: { signIn: TEXTS.inquiryLoginRequired } },
      schema: {
        tags,
        body: InquiryRequest,
        response: { 201: InquiryResponse, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await request.currentUser())) throw unauthorized(TEXTS.inquiryLoginRequired);
      const customer = request.user;
      return reply.status(201).send(await inquiries.createInquiry(ctx, customer, request.body));
    },
  );

  app.get(
    '/inquiries/received',
    {
      config: { access: ['producer'], accessMessages: { denied: RECEIVED_BY_PRODUCERS } },
      schema: {
        tags,
        querystring: Pagination,
        response: { 200: InquiryListResponse },
      },
    },
    async (request) => inquiries.listReceived(ctx, request.user, request.query),
  );

  app.get(
    '/inquiries/sent',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: Pagination, response: { 200: InquiryListResponse } },
    },
    async (request) => inquiries.listSent(ctx, request.user, request.query),
  );
};

export default defineModule({ prefix: '/orders', routes: inquiriesRoutes });
