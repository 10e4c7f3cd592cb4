import { IdParams } from '@farmstand/shared';
import { LabelPrintQuery, LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/public-site';
import { defineModule, errors, type ModuleOptions } from '../module';
import { LabelMaker } from './label-maker';
import { labelSheets, printLabels, warmLabelMaker } from './labels.service';

const PRODUCERS_ONLY = 'Only producer accounts can print product labels';

/** The label maker: GET /api/products/{id}/labels → application/pdf. */
const labelRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The PDFs are rendered on a worker thread, started on first use and stopped with the app.
  const maker = new LabelMaker();
  // pdf-lib, qrcode and the fonts load lazily so a restart stays fast (decision 166); a few seconds
  // after start-up one throwaway label starts the thread and loads them, so the first real print is
  // as fast as the rest.
  let warmUp: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    warmUp = setTimeout(() => void warmLabelMaker(maker).catch(() => undefined), 3000);
    warmUp.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(warmUp);
    await maker.close();
  });

  app.get(
    '/:id/labels/sheets',
    {
      config: { access: ['producer', 'admin'], accessMessages: { denied: PRODUCERS_ONLY } },
      schema: {
        tags: ['products'],
        summary: "Which label sheets a product's label fits",
        description:
          "Whether the label is ready (every field its state requires, and it fits at least one sheet), the fields missing, and for each sheet whether the label fits and, if not, why. The same fit the PDF applies. Meat and poultry are refused with 400: their label is the inspected plant's.",
        params: IdParams,
        response: { 200: LabelSheetsResponse, ...errors(400, 404) },
      },
    },
    async (request) => labelSheets(ctx, request.user, request.params.id),
  );

  app.get(
    '/:id/labels',
    {
      config: { access: ['producer', 'admin'], accessMessages: { denied: PRODUCERS_ONLY } },
      schema: {
        tags: ['products'],
        summary: 'Printable labels for a product (PDF), with every field its state requires',
        description:
          "Lays out `count` identical labels on the chosen sheet (Avery 5163, Avery 22806 or a 4×6 thermal label), with the processing date of the batch and a QR code to the product page. Refuses with 400 naming the field when a required field is missing or does not fit, and for meat and poultry (their label is the inspected plant's).",
        params: IdParams,
        querystring: LabelPrintQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF document'), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { pdf, filename } = await printLabels(ctx, maker, user, request.params.id, request.query, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};

export default defineModule({ prefix: '/products', routes: labelRoutes });
