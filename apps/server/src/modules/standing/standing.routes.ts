import { ErrorResponse } from '@farmstand/shared';
import {
  ChangeStandingRequest,
  EndStandingRequest,
  HoldStandingRequest,
  MakeStandingRequest,
  PauseStandingRequest,
  SkipLinkInfo,
  SkipTokenParams,
  Standing,
  StandingDemand,
  StandingIdParams,
  StandingList,
  StandingResponse,
  StandingWindowRequest,
} from '@farmstand/shared/schemas/standing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as standing from './standing.service';

const tags = ['standing'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const SHOPPERS = ['consumer', 'producer', 'admin'] as const;
const shopperOnly = { access: SHOPPERS, accessMessages: { signIn: 'Please sign in to manage your standing reservations' } };
const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers see standing reservations of their farm' },
};

/** Standing reservations (decision 514): a reservation repeated every 1, 2 or 4 weeks. */
const standingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx, request);
  const producer = (request: Parameters<typeof requireUser>[1]) =>
    requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied);

  app.post(
    '/',
    {
      config: shopperOnly,
      schema: {
        summary: 'Make a reservation standing: every 1, 2 or 4 weeks at the same place and time',
        tags,
        security,
        body: MakeStandingRequest,
        response: { 201: StandingResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await standing.makeStanding(ctx, await user(request), request.body)),
  );

  app.get(
    '/mine',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Your standing reservations', tags, security, response: { 200: StandingList, ...errors } },
    },
    async (request) => standing.listMine(ctx, await user(request)),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: { summary: 'Standing reservations of your farm', tags, security, response: { 200: StandingList, ...errors } },
    },
    async (request) => standing.listReceived(ctx, await producer(request)),
  );

  app.get(
    '/demand',
    {
      config: producerOnly,
      schema: {
        summary: 'Standing demand for the next 8 weeks per product, pickup place and weekly time',
        tags,
        security,
        response: { 200: StandingDemand, ...errors },
      },
    },
    async (request) => standing.demand(ctx, await producer(request)),
  );

  app.get(
    '/demand.csv',
    {
      config: producerOnly,
      schema: {
        summary: 'The standing demand as a CSV file: shares per plan and size, then products in their own units',
        description:
          'text/csv, a line per CSA plan and size, then per product, place and weekly time, one column per week; a download named farmstand-standing-demand-YYYY-MM-DD.csv (the first week). Only your own farm.',
        tags,
        security,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await standing.demandCsv(ctx, await producer(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get(
    '/links/skip/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What a reminder’s skip link would skip, and whether it still can',
        tags,
        params: SkipTokenParams,
        response: { 200: SkipLinkInfo, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => standing.skipLinkInfo(ctx, request.params.token),
  );

  app.post(
    '/links/skip/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Skip that one pickup, without signing in (once, until its cut-off)',
        tags,
        params: SkipTokenParams,
        response: { 200: SkipLinkInfo, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse },
      },
    },
    async (request) => standing.skipByLink(ctx, request.params.token),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'One standing reservation (its shopper, its farm or an admin)',
        tags,
        security,
        params: StandingIdParams,
        response: { 200: Standing, ...errors },
      },
    },
    async (request) => standing.getStanding(ctx, await user(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: shopperOnly,
      schema: {
        summary: 'Change what, how often or until when (orders not yet placed follow)',
        tags,
        security,
        params: StandingIdParams,
        body: ChangeStandingRequest,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) => standing.changeStanding(ctx, await user(request), request.params.id, request.body),
  );

  const windowAction = (path: 'skip' | 'unskip', summary: string, act: typeof standing.skip) =>
    app.post(
      `/:id/${path}`,
      {
        config: shopperOnly,
        schema: {
          summary,
          tags,
          security,
          params: StandingIdParams,
          body: StandingWindowRequest,
          response: { 200: StandingResponse, ...errors },
        },
      },
      async (request) => act(ctx, await user(request), request.params.id, new Date(request.body.startsAt)),
    );
  windowAction('skip', 'Skip one pickup, before its cut-off (a placed order is cancelled)', standing.skip);
  windowAction('unskip', 'Take a skip back, before the cut-off', standing.unskip);

  app.post(
    '/:id/pause',
    {
      config: shopperOnly,
      schema: {
        summary: 'Pause for a number of weeks',
        tags,
        security,
        params: StandingIdParams,
        body: PauseStandingRequest,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) => standing.pause(ctx, await user(request), request.params.id, request.body.weeks),
  );

  app.post(
    '/:id/hold',
    {
      config: shopperOnly,
      schema: {
        summary: 'Hold while away: no orders for pickups between two dates',
        tags,
        security,
        params: StandingIdParams,
        body: HoldStandingRequest,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) =>
      standing.hold(ctx, await user(request), request.params.id, request.body.from as string, request.body.to as string),
  );

  app.post(
    '/:id/resume',
    {
      config: shopperOnly,
      schema: {
        summary: 'End a pause or a hold',
        tags,
        security,
        params: StandingIdParams,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) => standing.resume(ctx, await user(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      config: shopperOnly,
      schema: {
        summary: 'Cancel: no more orders are placed',
        tags,
        security,
        params: StandingIdParams,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) => standing.cancel(ctx, await user(request), request.params.id),
  );

  app.post(
    '/:id/end',
    {
      config: producerOnly,
      schema: {
        summary: 'The farm ends a standing reservation, with a reason the shopper is told',
        tags,
        security,
        params: StandingIdParams,
        body: EndStandingRequest,
        response: { 200: StandingResponse, ...errors },
      },
    },
    async (request) => standing.end(ctx, await producer(request), request.params.id, request.body.reason),
  );
};

export default defineModule({ prefix: '/standing', routes: standingRoutes });
