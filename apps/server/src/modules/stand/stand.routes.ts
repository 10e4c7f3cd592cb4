import { StandCatalog, StandDay, StandDayQuery, StandSyncRequest, StandSyncResponse } from '@farmstand/shared/schemas/stand';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../plugins/auth';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as stand from './stand.service';
import { actingForFarm } from './stand-helpers.service';

/**
 * The farm's own account, or a stand helper it invited (decision 579): a stand sells the farm's own
 * products (admins and shoppers: 403). A helper's `request.user` is their farm's account acting
 * through them (the `preHandler` below), so every stand route serves the farm.
 */
const farmOnly = {
  access: ['producer', 'stand_helper'] as const,
  accessMessages: {
    denied: 'Only the farm’s own account and its stand helpers run its stand',
    signIn: 'Please sign in to run your stand',
  },
};

/**
 * Stand mode (issue 47, decision 575): `/api/stand/catalog` for the phone to keep, `/api/stand/sync`
 * for its queued actions, `/api/stand/day` for the day's books.
 */
const standRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.addHook('preHandler', async (request) => {
    const user = request.user as AuthUser | null;
    if (user?.userType === 'stand_helper') (request as { user: AuthUser | null }).user = await actingForFarm(ctx, user);
  });

  app.get(
    '/catalog',
    {
      config: farmOnly,
      schema: {
        summary: 'What the stand’s phone keeps for a day without signal',
        description:
          'The farm’s listed products and variants with what is left to sell (stock already taken by accepted pickups is not offered), their tax class and benefit kind, the tenders the farm takes today, the sales-tax rate of its state, today’s pickups (in each place’s zone) and the farm’s stands and markets.',
        response: { 200: StandCatalog, ...errors(404) },
      },
    },
    async (request) => stand.catalog(ctx, request.user),
  );

  app.post(
    '/sync',
    {
      config: farmOnly,
      schema: {
        summary: 'Apply the phone’s queued stand actions, in order, each once',
        description:
          'Each action carries its own id (a UUID made on the device) and is applied once per farm: a second arrival answers the first result with `duplicate: true`. A sale already made is recorded even when it oversells (an `oversold` conflict says so); a rule that refuses an action (a tender on a line it cannot pay, a product that is not the farm’s) answers `refused` with the reason, and nothing is written.',
        body: StandSyncRequest,
        response: { 200: StandSyncResponse, ...errors(400, 404) },
      },
    },
    async (request) => stand.sync(ctx, request.user, request.body),
  );

  app.get(
    '/day',
    {
      config: farmOnly,
      schema: {
        summary: 'The stand’s books for a day: sales, pickups handed over, tax and every tender',
        description:
          'The walk-up sales and the pickups handed over on that local day (the farm’s zone; today without a date), each with its goods, taxable and exempt amounts, tax, total and tenders, then the totals per tender kind (the incentive per market), the cash expected in the box, taxable, exempt and tax: each the sum of the sales listed.',
        querystring: StandDayQuery,
        response: { 200: StandDay, ...errors(400, 404) },
      },
    },
    async (request) => stand.day(ctx, request.user, request.query.date),
  );

  app.get(
    '/day.csv',
    {
      config: farmOnly,
      schema: {
        summary: 'The stand’s books for a day as a CSV file',
        description:
          'text/csv, a line per sale or pickup (time in the farm’s zone, goods, taxable, exempt, tax, total, each tender kind, paid), then the day’s totals; a download named farmstand-stand-YYYY-MM-DD.csv.',
        querystring: StandDayQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await stand.dayCsv(ctx, request.user, request.query.date);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};

export default defineModule({ prefix: 'stand', routes: standRoutes });
