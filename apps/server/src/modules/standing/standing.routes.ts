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
import { defineModule, errors, type ModuleOptions } from '../module';
import * as standing from './standing.service';

const SHOPPERS = ['consumer', 'producer', 'admin'] as const;
const shopperOnly = { access: SHOPPERS, accessMessages: { signIn: 'Please sign in to manage your standing reservations' } };
const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers see standing reservations of their farm' },
};

/** Standing reservations (decision 514): a reservation repeated every 1, 2 or 4 weeks. */
const standingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: shopperOnly,
      schema: {
        summary: 'Make a reservation standing: every 1, 2 or 4 weeks at the same place and time',
        body: MakeStandingRequest,
        response: { 201: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await standing.makeStanding(ctx, request.user, request.body)),
  );

  app.get(
    '/mine',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Your standing reservations', response: { 200: StandingList, ...errors(400, 404, 409) } },
    },
    async (request) => standing.listMine(ctx, request.user),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: { summary: 'Standing reservations of your farm', response: { 200: StandingList, ...errors(400, 404, 409) } },
    },
    async (request) => standing.listReceived(ctx, request.user),
  );

  app.get(
    '/demand',
    {
      config: producerOnly,
      schema: {
        summary: 'Standing demand for the next 8 weeks per product, pickup place and weekly time',
        response: { 200: StandingDemand, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.demand(ctx, request.user),
  );

  app.get(
    '/demand.csv',
    {
      config: producerOnly,
      schema: {
        summary: 'The standing demand as a CSV file: shares per plan and size, then products in their own units',
        description:
          'text/csv, a line per CSA plan and size, then per product, place and weekly time, one column per week; a download named farmstand-standing-demand-YYYY-MM-DD.csv (the first week). Only your own farm.',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const file = await standing.demandCsv(ctx, request.user);
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
        params: SkipTokenParams,
        response: { 200: SkipLinkInfo, ...errors(400, 404) },
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
        params: SkipTokenParams,
        response: { 200: SkipLinkInfo, ...errors(400, 404, 409, 410) },
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
        params: StandingIdParams,
        response: { 200: Standing, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.getStanding(ctx, request.user, request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: shopperOnly,
      schema: {
        summary: 'Change what, how often or until when (orders not yet placed follow)',
        params: StandingIdParams,
        body: ChangeStandingRequest,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.changeStanding(ctx, request.user, request.params.id, request.body),
  );

  const windowAction = (path: 'skip' | 'unskip', summary: string, act: typeof standing.skip) =>
    app.post(
      `/:id/${path}`,
      {
        config: shopperOnly,
        schema: {
          summary,
          params: StandingIdParams,
          body: StandingWindowRequest,
          response: { 200: StandingResponse, ...errors(400, 404, 409) },
        },
      },
      async (request) => act(ctx, request.user, request.params.id, new Date(request.body.startsAt)),
    );
  windowAction('skip', 'Skip one pickup, before its cut-off (a placed order is cancelled)', standing.skip);
  windowAction('unskip', 'Take a skip back, before the cut-off', standing.unskip);

  app.post(
    '/:id/pause',
    {
      config: shopperOnly,
      schema: {
        summary: 'Pause for a number of weeks',
        params: StandingIdParams,
        body: PauseStandingRequest,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.pause(ctx, request.user, request.params.id, request.body.weeks),
  );

  app.post(
    '/:id/hold',
    {
      config: shopperOnly,
      schema: {
        summary: 'Hold while away: no orders for pickups between two dates',
        params: StandingIdParams,
        body: HoldStandingRequest,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) =>
      standing.hold(ctx, request.user, request.params.id, request.body.from as string, request.body.to as string),
  );

  app.post(
    '/:id/resume',
    {
      config: shopperOnly,
      schema: {
        summary: 'End a pause or a hold',
        params: StandingIdParams,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.resume(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      config: shopperOnly,
      schema: {
        summary: 'Cancel: no more orders are placed',
        params: StandingIdParams,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.cancel(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/end',
    {
      config: producerOnly,
      schema: {
        summary: 'The farm ends a standing reservation, with a reason the shopper is told',
        params: StandingIdParams,
        body: EndStandingRequest,
        response: { 200: StandingResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => standing.end(ctx, request.user, request.params.id, request.body.reason),
  );
};

export default defineModule({ prefix: '/standing', routes: standingRoutes });
