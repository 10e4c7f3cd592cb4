import { ErrorResponse, IdParams } from '@farmstand/shared';
import {
  ConversationListResponse,
  MarkReadResponse,
  MessageListQuery,
  MessageListResponse,
  SendMessageRequest,
  SentMessageResponse,
  StartConversationRequest,
  UnreadCountResponse,
} from '@farmstand/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as messages from './messages.service';

const tags = ['messages'];
const security = [{ bearer: [] }];
/** Any account may message; being one of the two participants is checked per conversation. */
const signedIn = { access: 'signed-in' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const messagesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/conversations',
    { config: signedIn, schema: { tags, security, response: { 200: ConversationListResponse, 401: ErrorResponse } } },
    async (request) => messages.listConversations(ctx, await requireUser(ctx, request)),
  );

  app.post(
    '/conversations',
    {
      config: signedIn,
      schema: { tags, security, body: StartConversationRequest, response: { 201: SentMessageResponse, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.startConversation(ctx, await requireUser(ctx, request), request.body)),
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        params: IdParams,
        querystring: MessageListQuery,
        response: { 200: MessageListResponse, ...errors },
      },
    },
    async (request) => messages.listMessages(ctx, await requireUser(ctx, request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: signedIn,
      schema: { tags, security, params: IdParams, body: SendMessageRequest, response: { 201: SentMessageResponse, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await messages.sendMessage(ctx, await requireUser(ctx, request), request.params.id, request.body.content)),
  );

  app.post(
    '/conversations/:id/read',
    { config: signedIn, schema: { tags, security, params: IdParams, response: { 200: MarkReadResponse, ...errors } } },
    async (request) => messages.markRead(ctx, await requireUser(ctx, request), request.params.id),
  );

  app.get(
    '/unread-count',
    { config: signedIn, schema: { tags, security, response: { 200: UnreadCountResponse, 401: ErrorResponse } } },
    async (request) => ({ count: await messages.unreadCount(ctx, (await requireUser(ctx, request)).id) }),
  );
};

export default defineModule({ prefix: '/messages', routes: messagesRoutes });
