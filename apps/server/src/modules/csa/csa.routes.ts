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
import { readImageUpload } from '../images';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as csa from './csa.service';

const producerOnly = { access: ['producer'] as const, accessMessages: { denied: 'Only producers offer share plans' } };
const PlanParams = z.object({ id: dbId('Plan id must be a positive whole number') });
const FarmParams = z.object({ userId: dbId('Farm id must be a positive whole number') });

/** CSA share plans (decision 515); memberships are standing reservations (/api/standing). */
const csaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/farms/:userId/plans',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A farm’s share plans open for members, with places left',
        params: FarmParams,
        response: { 200: CsaPlanList, ...errors(400) },
      },
    },
    async (request) => csa.openPlans(ctx, request.params.userId),
  );

  app.get(
    '/mine',
    {
      config: producerOnly,
      schema: { summary: 'Your farm’s share plans', response: { 200: CsaPlanList, ...errors(400, 404, 409) } },
    },
    async (request) => csa.myPlans(ctx, request.user),
  );

  app.post(
    '/',
    {
      config: producerOnly,
      schema: {
        summary: 'Offer a share plan',
        body: CsaPlanRequest,
        response: { 201: CsaPlanResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await csa.addPlan(ctx, request.user, request.body)),
  );

  app.put(
    '/:id',
    {
      config: producerOnly,
      schema: {
        summary: 'Change a share plan (or close it to new members)',
        params: PlanParams,
        body: CsaPlanRequest,
        response: { 200: CsaPlanResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => csa.changePlan(ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/join',
    {
      config: { access: ['consumer', 'producer', 'admin'], accessMessages: { signIn: 'Please sign in to join a share plan' } },
      schema: {
        summary: 'Join a share plan at a place, in a size (paid at each pickup)',
        params: PlanParams,
        body: CsaJoinRequest,
        response: { 201: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await csa.join(ctx, request.user, request.params.id, request.body)),
  );

  app.get(
    '/:id/members',
    {
      config: producerOnly,
      schema: {
        summary: 'The plan’s members with their skips, pauses and dislikes',
        params: PlanParams,
        response: { 200: CsaMemberList, ...errors(400, 404, 409) },
      },
    },
    async (request) => csa.members(ctx, request.user, request.params.id),
  );

  app.get(
    '/:id/boxes',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The plan’s weekly boxes (its farm and members)',
        params: PlanParams,
        response: { 200: CsaBoxList, ...errors(400, 404, 409) },
      },
    },
    async (request) => csa.boxes(ctx, request.user, request.params.id),
  );

  app.put(
    '/:id/boxes',
    {
      config: producerOnly,
      schema: {
        summary: 'Post this week’s box: items per size and a note (members are mailed)',
        params: PlanParams,
        body: CsaBoxRequest,
        response: { 200: CsaBoxResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => csa.postBox(ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/boxes/:weekOf/photo',
    {
      config: producerOnly,
      schema: {
        summary: 'The week’s box photo (multipart, field image)',
        consumes: ['multipart/form-data'],
        params: CsaWeekParams,
        response: { 200: CsaBoxResponse, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const user = request.user;
      const upload = await readImageUpload(request);
      return csa.setBoxPhoto(ctx, user, request.params.id, request.params.weekOf, upload.buffer);
    },
  );
};

export default defineModule({ prefix: '/csa', routes: csaRoutes });
