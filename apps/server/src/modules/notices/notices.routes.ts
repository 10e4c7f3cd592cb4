import { dbId } from '@farmstand/shared';
import {
  NoticeStatus,
  NoticeSubscriptionRequest,
  NoticeSubscriptions,
  NoticeUnsubscribeParams,
  NoticeUnsubscribeResponse,
  noticeUnsubscribePagePath,
  SendNoticeRequest,
  SendNoticeResponse,
} from '@farmstand/shared/schemas/notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptOneClickPosts } from '../../plugins/one-click-unsubscribe';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as notices from './notices.service';

const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers send notices to their shoppers' },
};
const signedIn = { access: 'signed-in' as const, accessMessages: { signIn: 'Please sign in to change your farm notices' } };
const FarmParams = z.object({ userId: dbId('Farm id must be a positive whole number') });

/** "Ordering is open" notices (decision 513), and their one-click unsubscribe (RFC 8058). */
const noticesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  acceptOneClickPosts(app);

  app.get(
    '/mine',
    {
      config: producerOnly,
      schema: {
        summary: 'Whether today’s notice went out, and to how many shoppers it would go',
        response: { 200: NoticeStatus, ...errors(400, 404, 409) },
      },
    },
    async (request) => notices.noticeStatus(ctx, request.user),
  );

  app.post(
    '/',
    {
      config: producerOnly,
      schema: {
        summary: 'Tell the shoppers who favourited your farm that ordering is open (once a day)',
        body: SendNoticeRequest,
        response: { 200: SendNoticeResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => notices.sendNotice(ctx, request.user, request.body.message),
  );

  app.get(
    '/subscriptions',
    {
      config: signedIn,
      schema: {
        summary: 'Your favourite farms, with whether you get their notices',
        response: { 200: NoticeSubscriptions, ...errors(400, 404, 409) },
      },
    },
    async (request) => notices.subscriptions(ctx, request.user),
  );

  app.put(
    '/subscriptions/:userId',
    {
      config: signedIn,
      schema: {
        summary: 'Turn one favourite farm’s notices on or off',
        params: FarmParams,
        body: NoticeSubscriptionRequest,
        response: { 200: NoticeSubscriptions, ...errors(400, 404, 409) },
      },
    },
    async (request) => notices.setSubscription(ctx, request.user, request.params.userId, request.body.notices),
  );

  app.get(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A notice’s unsubscribe link: leads to the page that asks (changes nothing)',
        params: NoticeUnsubscribeParams,
        response: { 303: z.null(), ...errors(400) },
      },
    },
    async (request, reply) => {
      notices.checkUnsubscribeToken(ctx, request.params.token);
      return reply.redirect(noticeUnsubscribePagePath(request.params.token), 303);
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One-click unsubscribe from one farm’s notices (RFC 8058), with the mail’s signed token',
        params: NoticeUnsubscribeParams,
        response: { 200: NoticeUnsubscribeResponse, ...errors(400) },
      },
    },
    async (request) => notices.unsubscribe(ctx, request.params.token),
  );
};

export default defineModule({ prefix: '/notices', routes: noticesRoutes });
