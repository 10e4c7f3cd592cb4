import { IdParams } from '@farmstand/shared';
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
import { defineModule, errors, type ModuleOptions } from '../module';
import * as messages from './messages.service';

/** Any account may message; being one of the two participants is checked per conversation. */
const signedIn = { access: 'signed-in' } as const;

const messagesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/conversations', { config: signedIn, schema: { response: { 200: ConversationListResponse } } }, async (request) =>
    messages.listConversations(ctx, request.user),
  );

  app.post(
    '/conversations',
    {
      config: signedIn,
      schema: { body: StartConversationRequest, response: { 201: SentMessageResponse, ...errors(400, 404) } },
    },
    async (request, reply) => reply.status(201).send(await messages.startConversation(ctx, request.user, request.body)),
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: signedIn,
      schema: {
        params: IdParams,
        querystring: MessageListQuery,
        response: { 200: MessageListResponse, ...errors(400, 404) },
      },
    },
    async (request) => messages.listMessages(ctx, request.user, request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: signedIn,
      schema: { params: IdParams, body: SendMessageRequest, response: { 201: SentMessageResponse, ...errors(400, 404) } },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.sendMessage(ctx, request.user, request.params.id, request.body.content)),
  );

  app.post(
    '/conversations/:id/read',
    { config: signedIn, schema: { params: IdParams, response: { 200: MarkReadResponse, ...errors(400, 404) } } },
    async (request) => messages.markRead(ctx, request.user, request.params.id),
  );

  app.get('/unread-count', { config: signedIn, schema: { response: { 200: UnreadCountResponse } } }, async (request) => ({
    count: await messages.unreadCount(ctx, request.user.id),
  }));
};

export default defineModule({ prefix: '/messages', routes: messagesRoutes });
