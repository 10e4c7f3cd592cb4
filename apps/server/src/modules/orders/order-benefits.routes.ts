import { IdParams } from '@farmstand/shared';
import { OrderBenefitsResponse, TendersRequest } from '@farmstand/shared/schemas/benefits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { orderBenefits, recordTenders } from './order-benefits';

const tags = ['benefits'];
const farmOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only the farm records what was tendered at pickup' },
};

/** An order's benefits at pickup (decision 516): its tender plan and what the farm recorded. */
const orderBenefitsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/benefits/orders/:id',
    {
      config: { access: 'signed-in', accessMessages: { signIn: 'Please sign in to see your order' } },
      schema: {
        summary: 'An order’s tender plan (what each benefit can pay) and what the farm recorded',
        tags,
        params: IdParams,
        response: { 200: OrderBenefitsResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => orderBenefits(ctx, request.user, request.params.id),
  );

  app.put(
    '/benefits/orders/:id/tenders',
    {
      config: farmOnly,
      schema: {
        summary: 'Record what was tendered for your order at pickup (replaces an earlier record)',
        description:
          'Allowed once the order is picked up, or is accepted or ready and its pickup day has come. Refused (400) above what each benefit may pay, above the incentive’s match and daily cap, or above the order’s total.',
        tags,
        params: IdParams,
        body: TendersRequest,
        response: { 200: OrderBenefitsResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => recordTenders(ctx, request.user, request.params.id, request.body),
  );
};

export default defineModule({ prefix: '', routes: orderBenefitsRoutes });
