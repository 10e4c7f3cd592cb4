import { MessageResponse } from '@farmstand/shared';
import {
  BenefitTableResponse,
  IncentiveParams,
  IncentiveRequest,
  ProgrammeParams,
  StateProgrammeRequest,
} from '@farmstand/shared/schemas/benefit-programmes';
import {
  AdminBenefitsList,
  AdminBenefitsQuery,
  AdminBenefitsReviewRequest,
  AdminBenefitsTotals,
  AdminBenefitsTotalsQuery,
  BenefitsUserParams,
  Ledger,
  LedgerQuery,
  ProducerBenefitsRequest,
  ProducerBenefitsResponse,
  PublicBenefits,
  ShopperBenefits,
  ShopperBenefitsRequest,
  ShopperBenefitsSaved,
} from '@farmstand/shared/schemas/benefits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as benefits from './benefits.service';
import * as programmes from './programmes.service';
import * as shopperBenefits from './shopper-benefits.service';

const tags = ['benefits'];
const producerOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only producers say which benefits they take at pickup' },
};
/** The shopper's own saved benefits: only the signed-in user, about themselves (no id in the path). */
const ownBenefits = {
  access: 'signed-in' as const,
  accessMessages: { signIn: 'Please sign in to see the benefits you saved' },
};
const adminOnly = { access: ['admin'] as const, accessMessages: { denied: 'Only admins review FNS retailer numbers' } };
const programmesAdmin = {
  access: ['admin'] as const,
  accessMessages: { denied: 'Only admins maintain the benefit programmes' },
};

/**
 * Benefits at pickup (decision 516): /api/benefits/… for farms, shoppers and the public, and
 * /api/admin/benefits/… for the admins who verify FNS numbers. Mounted at /api itself, so both
 * families stay in this one module.
 */
const benefitsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/benefits/mine',
    {
      config: producerOnly,
      schema: {
        summary: 'Which benefits your farm takes at pickup, with your FNS number’s review',
        tags,
        response: { 200: ProducerBenefitsResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => benefits.mine(ctx, request.user),
  );

  app.put(
    '/benefits/mine',
    {
      config: producerOnly,
      schema: {
        summary: 'Say which benefits your farm takes (a new or changed FNS number waits for an admin)',
        tags,
        body: ProducerBenefitsRequest,
        response: { 200: ProducerBenefitsResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => benefits.saveMine(ctx, request.user, request.body),
  );

  app.get(
    '/benefits/me',
    {
      config: ownBenefits,
      schema: {
        summary: 'The benefits you said you use (only you see them; farms and admins never do)',
        tags,
        response: { 200: ShopperBenefits, ...errors(400, 404, 409) },
      },
    },
    async (request) => shopperBenefits.mine(ctx, request.user),
  );

  app.put(
    '/benefits/me',
    {
      config: ownBenefits,
      schema: {
        summary: 'Save which benefits you use: SNAP, WIC FMNP and Senior FMNP coupons (private to you)',
        tags,
        body: ShopperBenefitsRequest,
        response: { 200: ShopperBenefitsSaved, ...errors(400, 404, 409) },
      },
    },
    async (request) => shopperBenefits.saveMine(ctx, request.user, request.body),
  );

  app.delete(
    '/benefits/me',
    {
      config: ownBenefits,
      schema: {
        summary: 'Forget the benefits you saved (they are deleted)',
        tags,
        response: { 200: MessageResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => shopperBenefits.forgetMine(ctx, request.user),
  );

  app.get(
    '/benefits/producers/:userId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What a farm takes now: SNAP once verified, coupons until their authorisation ends, the incentive',
        tags,
        params: BenefitsUserParams,
        response: { 200: PublicBenefits, ...errors(400, 404) },
      },
    },
    async (request) => benefits.publicBenefits(ctx, request.params.userId),
  );

  app.get(
    '/benefits/ledger',
    {
      config: { ...producerOnly, accessMessages: { denied: 'Only producers have a benefits ledger' } },
      schema: {
        summary: 'Your farm’s monthly benefits ledger: JSON, a CSV file or a printable PDF',
        description:
          'The month is counted in pickup days (local to the pickup place). `format=csv` answers text/csv, one order a line; `format=pdf` a printable PDF; both as a download named farmstand-benefits-YYYY-MM.',
        tags,
        querystring: LedgerQuery,
        produces: ['application/json', 'text/csv', 'application/pdf'],
        response: { 200: Ledger, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const file = await benefits.ledger(ctx, user, request.query);
      if (file.format === 'json') return file.ledger;
      const type = file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body as never); // raw bytes: the 200 schema describes the JSON form
    },
  );

  app.get(
    '/admin/benefits',
    {
      config: adminOnly,
      schema: {
        summary: 'Farms by SNAP status (pending: FNS numbers to verify)',
        tags: ['admin', ...tags],
        querystring: AdminBenefitsQuery,
        response: { 200: AdminBenefitsList, ...errors(400, 404, 409) },
      },
    },
    async (request) => benefits.adminList(ctx, request.query.status),
  );

  app.get(
    '/admin/benefits/totals',
    {
      config: adminOnly,
      schema: {
        summary: 'Tenders recorded across the platform in a month, per kind, with their orders',
        tags: ['admin', ...tags],
        querystring: AdminBenefitsTotalsQuery,
        response: { 200: AdminBenefitsTotals, ...errors(400, 404, 409) },
      },
    },
    async (request) => benefits.adminTotals(ctx, request.query.month),
  );

  app.post(
    '/admin/benefits/:userId/review',
    {
      config: adminOnly,
      schema: {
        summary: 'Verify or reject a farm’s pending FNS number (a rejection says why); the farm is mailed',
        tags: ['admin', ...tags],
        params: BenefitsUserParams,
        body: AdminBenefitsReviewRequest,
        response: { 200: ProducerBenefitsResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => benefits.review(ctx, request.user, request.params.userId, request.body),
  );
  app.get(
    '/benefits/programmes',
    {
      config: { access: 'public' as const },
      schema: {
        summary: 'The benefit programmes in force: each programme’s rules per state, the incentives, their sources',
        description:
          'The researched defaults with the admins’ edits laid over them (decision 516). In the shared rules’ own spelling (camelCase): the browser reads it with the same functions as the server.',
        tags,
        response: { 200: BenefitTableResponse },
      },
    },
    async () => programmes.loadBenefitTable(ctx.db),
  );

  app.put(
    '/admin/benefits/programmes/:programme/:state',
    {
      config: programmesAdmin,
      schema: {
        summary: 'Edit a programme’s rules in a state: its name, who authorises farmers, what it pays for, sources',
        tags: ['admin', ...tags],
        params: ProgrammeParams,
        body: StateProgrammeRequest,
        response: { 200: BenefitTableResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => programmes.saveProgramme(ctx, request.user, request.params.programme, request.params.state, request.body),
  );

  app.post(
    '/admin/benefits/incentives',
    {
      config: programmesAdmin,
      schema: {
        summary: 'Add an incentive that matches benefits (at most one runs in a state)',
        tags: ['admin', ...tags],
        body: IncentiveRequest,
        response: { 201: BenefitTableResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { table } = await programmes.saveIncentive(ctx, user, null, request.body);
      return reply.code(201).send(table);
    },
  );

  app.put(
    '/admin/benefits/incentives/:id',
    {
      config: programmesAdmin,
      schema: {
        summary: 'Edit an incentive, or switch it off (active: false)',
        tags: ['admin', ...tags],
        params: IncentiveParams,
        body: IncentiveRequest,
        response: { 200: BenefitTableResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => (await programmes.saveIncentive(ctx, request.user, request.params.id, request.body)).table,
  );
};

export default defineModule({ prefix: '', routes: benefitsRoutes });
