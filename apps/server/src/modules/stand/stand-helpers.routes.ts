import { AuthResponse, IdParams, MessageResponse } from '@farmstand/shared';
import {
  StandHelperInviteRequest,
  StandHelpersResponse,
  StandInvitation,
  StandInvitationAccept,
  StandInvitationToken,
  StandInvitationView,
} from '@farmstand/shared/schemas/stand-helpers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as helpers from './stand-helpers.service';

/** The farm's own account only: its helpers cannot invite or remove anyone (decision 579). */
const farmAccount = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only the farm’s own account invites and removes its stand helpers' },
};

/**
 * Stand helpers (issue 47 item 1, decision 579): `/api/stand/helpers` for the farm to list, invite and
 * remove them; `/api/stand/invitation` for the invited person to open the e-mailed link and accept it.
 */
const standHelperRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  const sensitive = { access: 'public', rateLimit: { max: sensitiveRateLimit, timeWindow: '1 minute' } } as const;

  app.get(
    '/helpers',
    {
      config: farmAccount,
      schema: {
        summary: 'The farm’s stand helpers and the invitations still waiting',
        response: { 200: StandHelpersResponse },
      },
    },
    async (request) => helpers.listHelpers(ctx, request.user),
  );

  app.post(
    '/helpers/invitations',
    {
      config: farmAccount,
      schema: {
        summary: 'Invite a stand helper by e-mail (a link that works once, for 7 days)',
        body: StandHelperInviteRequest,
        response: { 201: StandInvitation, ...errors(400, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await helpers.invite(ctx, request.user, request.body.email)),
  );

  app.delete(
    '/helpers/invitations/:id',
    {
      config: farmAccount,
      schema: {
        summary: 'Withdraw an invitation that was not used yet',
        params: IdParams,
        response: { 200: MessageResponse, ...errors(404) },
      },
    },
    async (request) => {
      await helpers.revokeInvitation(ctx, request.user, request.params.id);
      return { message: 'Invitation withdrawn: its link no longer works' };
    },
  );

  app.delete(
    '/helpers/:id',
    {
      config: farmAccount,
      schema: {
        summary: 'Remove a stand helper: their sessions end at once and the account cannot sign in',
        params: IdParams,
        response: { 200: MessageResponse, ...errors(404) },
      },
    },
    async (request) => {
      await helpers.removeHelper(ctx, request.user, request.params.id);
      return { message: 'Helper removed: they are signed out and cannot sign in to your stand' };
    },
  );

  app.post(
    '/invitation',
    {
      config: sensitive,
      schema: {
        summary: 'What a stand helper’s invitation link is for (the farm, the address), or why it no longer works',
        body: StandInvitationToken,
        response: { 200: StandInvitationView, ...errors(400, 404) },
      },
    },
    async (request) => helpers.viewInvitation(ctx, request.body.token),
  );

  app.post(
    '/invitation/accept',
    {
      config: sensitive,
      schema: {
        summary: 'Accept a stand helper’s invitation: name and password; answers a session',
        body: StandInvitationAccept,
        response: { 200: AuthResponse, ...errors(400, 409) },
      },
    },
    async (request) => helpers.acceptInvitation(ctx, request.body),
  );
};

export default defineModule({ prefix: 'stand', routes: standHelperRoutes });
