import { ErrorResponse } from '@farmstand/shared';
import { dbId } from '@farmstand/shared/schemas/common';
import {
  CsaBoxList,
  CsaBoxRequest,
  CsaBoxResponse,
  CsaJoinRequest,
  CsaMemberList,
  CsaPlanList,
  CsaPlanRequest,
  CsaPlanResponse,
  CsaWeekParams,
} from '@farmstand/shared/schemas/csa';
import { StandingResponse } from '@farmstand/shared/schemas/standing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../plugins/auth';
import { readImageUpload } from '../images';
import { defineModule, type ModuleOptions } from '../module';
import * as csa from './csa.service';

const tags = ['csa'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const producerOnly = { access: ['producer'] as const, accessMessages: { denied: 'Only producers offer share plans' } };
const PlanParams = z.object({ id: dbId('Plan id must be a positive whole number') });
const FarmParams = z.object({ userId: dbId('Farm id must be a positive whole number') });

/** CSA share plans (decision 515); memberships are standing reservations (/api/standing). */
const csaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const producer = (request: Parameters<typeof requireUser>[1]) =>
    requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied);

  app.get(
    '/farms/:userId/plans',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A farm’s share plans open for members, with places left',
        tags,
        params: FarmParams,
        response: { 200: CsaPlanList, 400: ErrorResponse },
      },
    },
    async (request) => csa.openPlans(ctx, request.params.userId),
  );

  app.get(
    '/mine',
    {
      config: producerOnly,
      schema: { summary: 'Your farm’s share plans', tags, security, response: { 200: CsaPlanList, ...errors } },
    },
    async (request) => csa.myPlans(ctx, await producer(request)),
  );

  app.post(
    '/',
    {
      config: producerOnly,
      schema: {
        summary: 'Offer a share plan',
        tags,
        security,
        body: CsaPlanRequest,
        response: { 201: CsaPlanResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await csa.addPlan(ctx, await producer(request), request.body)),
  );

  app.put(
    '/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Change a share plan (or close it to new members)',
        tags,
        security,
        params: PlanParams,
        body: CsaPlanRequest,
        response: { 200: CsaPlanResponse, ...errors },
      },
    },
    async (request) => csa.changePlan(ctx, await producer(request), request.params.id, request.body),
  );

  app.post(
    '/:id/join',
    {
      config: { access: ['consumer', 'producer', 'admin'], accessMessages: { signIn: 'Please sign in to join a share plan' } },
      schema: {
        summary: 'Join a share plan at a place, in a size (paid at each pickup)',
        tags,
        security,
        params: PlanParams,
        body: CsaJoinRequest,
        response: { 201: StandingResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await csa.join(ctx, await requireUser(ctx, request), request.params.id, request.body)),
  );

  app.get(
    '/:id/members',
    {
      config: producerOnly,
      schema: {
        summary: 'The plan’s members with their skips, pauses and dislikes',
        tags,
        security,
        params: PlanParams,
        response: { 200: CsaMemberList, ...errors },
      },
    },
    async (request) => csa.members(ctx, await producer(request), request.params.id),
  );

  app.get(
    '/:id/boxes',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The plan’s weekly boxes (its farm and members)',
        tags,
        security,
        params: PlanParams,
        response: { 200: CsaBoxList, ...errors },
      },
    },
    async (request) => csa.boxes(ctx, await requireUser(ctx, request), request.params.id),
  );

  app.put(
    '/:id/boxes',
    {
      config: producerOnly,
      schema: {
        summary: 'Post this week’s box: items per size and a note (members are mailed)',
        tags,
        security,
        params: PlanParams,
        body: CsaBoxRequest,
        response: { 200: CsaBoxResponse, ...errors },
      },
    },
    async (request) => csa.postBox(ctx, await producer(request), request.params.id, request.body),
  );

  app.post(
    '/:id/boxes/:weekOf/photo',
    {
      config: producerOnly,
      schema: {
        summary: 'The week’s box photo (multipart, field image)',
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: CsaWeekParams,
        response: { 200: CsaBoxResponse, 413: ErrorResponse, 415: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const user = await producer(request);
      const upload = await readImageUpload(request);
      return csa.setBoxPhoto(ctx, user, request.params.id, request.params.weekOf, upload.buffer);
    },
  );
};

export default defineModule({ prefix: '/csa', routes: csaRoutes });
