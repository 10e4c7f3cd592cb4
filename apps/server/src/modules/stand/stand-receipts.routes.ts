import { StandReceipt, StandReceiptParams } from '@farmstand/shared/schemas/stand';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import { receipt } from './stand-receipts';

/** A walk-up sale's receipt by text link (issue 47 item 1, decision 580): public, by the link's token. */
const receiptRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A stand sale’s receipt, by the link the farm gave the buyer',
        description:
          'The token is the sale’s own id made on the farm’s phone (a random UUID). The farm, the time in its zone, the lines, taxable and exempt sales, tax, tenders and total; nothing about the buyer. 404 until the phone has synced the sale (and for any other token).',
        params: StandReceiptParams,
        response: { 200: StandReceipt, ...errors(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return receipt(ctx, request.params.token);
    },
  );
};

export default defineModule({ prefix: 'receipts', routes: receiptRoutes });
