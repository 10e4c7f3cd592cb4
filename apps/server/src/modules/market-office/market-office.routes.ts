import {
  BoothCatalog,
  BoothDay,
  BoothDayQuery,
  BoothSyncRequest,
  BoothSyncResponse,
  DateRangeQuery,
  MarketDateParams,
  MarketIdParams,
  ProgrammeReport,
  ProgrammeReportQuery,
  Reconciliation,
  RedemptionCountInput,
  VendorDateParams,
  VendorDayReport,
  VendorDayReportInput,
  VendorStatement,
  VendorStatements,
} from '@farmstand/shared/schemas/market-office';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketGate } from '../markets';
import { defineModule, errors, type ModuleOptions } from '../module';
import { programmeReportCsv, programmeReportFileName, programmeReportPdf, reconciliationCsv, statementsCsv } from './books.files';
import * as books from './books.service';
import * as booth from './booth.service';
import * as reports from './reports.service';

/**
 * The market office (issue 48 items 2–5, decisions 582 and 583), under /api/markets: the info
 * booth, vendors' day reports and the market's counts, the books, statements and the programme's
 * report. Any signed-in account may ask; the market's role (manager, booth volunteer, approved
 * vendor) is checked by `marketAccess` in the service, with the market of the path.
 */
const marketRole = {
  access: 'signed-in' as const,
  accessMessages: { signIn: 'Please sign in to work at this market' },
};

const sendFile = (reply: FastifyReply, type: string, filename: string, body: string | Uint8Array) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(typeof body === 'string' ? body : Buffer.from(body));

const marketOfficeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The caller without the market role is refused before the body is read (the service checks again).
  const staff = marketGate(ctx, 'staff');
  const manager = marketGate(ctx, 'manager');
  const vendor = marketGate(ctx, 'vendor');
  app.get(
    '/:id/booth',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'What the info booth’s phone keeps for a market day without signal',
        description:
          'The market’s currencies and their token sizes, its incentive (cap per shopper per market day, match percent, tokens, the currencies it matches), today in the market’s zone and whether it is a market day, and the match each shopper already received today. Managers and booth volunteers.',
        params: MarketIdParams,
        response: { 200: BoothCatalog, ...errors(404) },
      },
    },
    async (request) => booth.catalog(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/booth/sync',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'Apply the booth phone’s queued entries, in order, each once per market',
        description:
          'Each entry carries its own id (a UUID made on the phone) and is applied once per market: a second arrival (same batch, a later one, another phone at once) answers the first result with status `duplicate`. `match: "auto"` hands out the incentive’s match up to what is left of the shopper’s cap today across all vendors and phones, rounded down to whole incentive tokens; a number is a match already handed out offline, recorded as given with `overCapCents` when it went past the cap. Refused entries (not a market day, more than 60 days back or in the future, amounts not whole tokens, a match the incentive does not give or without the card’s last four digits, a currency the booth does not hand out, a return above what shoppers hold) are not written and say why. Managers and booth volunteers.',
        params: MarketIdParams,
        body: BoothSyncRequest,
        response: { 200: BoothSyncResponse, ...errors(400, 404) },
      },
    },
    async (request) => booth.sync(ctx, request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/booth/day',
    {
      config: marketRole,
      preValidation: staff,
      schema: {
        summary: 'The info booth’s book of a market day',
        description:
          'Every entry of the market day (today in the market’s zone without a date) in the order they happened, then per currency what was handed out (the incentive: the match given), what came back and how many entries. Managers and booth volunteers.',
        params: MarketIdParams,
        querystring: BoothDayQuery,
        response: { 200: BoothDay, ...errors(400, 404) },
      },
    },
    async (request) => booth.day(ctx, request.user, request.params.id, request.query.date),
  );

  app.get(
    '/:id/report/:date',
    {
      config: marketRole,
      preValidation: vendor,
      schema: {
        summary: 'My report of a market day, pre-filled from my own register',
        description:
          'Attendance, sales and what the farm redeemed per currency (with the market’s count when there is one), and `fromRegister`: what the farm’s own register recorded that day at its place linked to this market (stand sales and pickups handed over; SNAP, incentive, WIC and Senior FMNP tenders; sales with tax). Approved vendors only.',
        params: MarketDateParams,
        response: { 200: VendorDayReport, ...errors(400, 404) },
      },
    },
    async (request) => reports.ownReport(ctx, request.user, request.params.id, request.params.date),
  );

  app.put(
    '/:id/report/:date',
    {
      config: marketRole,
      preValidation: vendor,
      schema: {
        summary: 'Report my market day: attended, sales and what I redeemed per currency',
        description:
          'Replaces the day’s report (sending it again changes nothing; a currency left out is reported as none); the market’s count stays. A market day that has come only. Approved vendors only.',
        params: MarketDateParams,
        body: VendorDayReportInput,
        response: { 200: VendorDayReport, ...errors(400, 404) },
      },
    },
    async (request) => reports.saveOwnReport(ctx, request.user, request.params.id, request.params.date, request.body),
  );

  app.get(
    '/:id/vendors/:producerId/report/:date',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'A vendor’s report of a market day',
        description: 'As the vendor sees it, with its register’s figures. The market’s managers.',
        params: VendorDateParams,
        response: { 200: VendorDayReport, ...errors(400, 404) },
      },
    },
    async (request) => reports.vendorReport(ctx, request.user, request.params.id, request.params.producerId, request.params.date),
  );

  app.put(
    '/:id/vendors/:producerId/report/:date',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'Enter a vendor’s report of a market day for them',
        description:
          'Replaces the day’s report as the vendor’s own would. A market day that has come only. The market’s managers.',
        params: VendorDateParams,
        body: VendorDayReportInput,
        response: { 200: VendorDayReport, ...errors(400, 404) },
      },
    },
    async (request) =>
      reports.saveVendorReport(
        ctx,
        request.user,
        request.params.id,
        request.params.producerId,
        request.params.date,
        request.body,
      ),
  );

  app.put(
    '/:id/vendors/:producerId/count/:date',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'Record the market’s count of what a vendor handed in',
        description:
          'Per currency given, the tokens and coupons the market counted (what it reimburses); the other currencies and the vendor’s report stay. The market’s managers.',
        params: VendorDateParams,
        body: RedemptionCountInput,
        response: { 200: VendorDayReport, ...errors(400, 404) },
      },
    },
    async (request) =>
      reports.saveCount(ctx, request.user, request.params.id, request.params.producerId, request.params.date, request.body),
  );

  const reconciliationSchema = {
    params: MarketIdParams,
    querystring: DateRangeQuery,
  };
  app.get(
    '/:id/reconciliation',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The books: issued − returned − redeemed − outstanding per currency, and every discrepancy',
        description:
          'From the season’s start to today unless `from`/`to` are given (at most a year). Per currency: what shoppers held at the start, what the booth issued (the incentive: matches handed out), what came back, what vendors redeemed (the count when counted, else the report), what shoppers still hold, and the balance (0 unless vendors redeemed more than was issued). Discrepancies by day and vendor: a count that differs from the report, a report not counted, a match recorded offline over the cap, a report that differs from the vendor’s own register, more redeemed than issued. The market’s managers.',
        ...reconciliationSchema,
        response: { 200: Reconciliation, ...errors(400, 404) },
      },
    },
    async (request) => books.reconciliation(ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/:id/reconciliation.csv',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The books as a CSV file',
        description: 'text/csv: the reconciliation per currency, then the discrepancies. The market’s managers.',
        ...reconciliationSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const result = await books.reconciliation(ctx, request.user, request.params.id, request.query);
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        `farmstand-market-${request.params.id}-books-${result.from}-${result.to}.csv`,
        reconciliationCsv(result),
      );
    },
  );

  app.get(
    '/:id/statements',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'Every vendor’s statement for a period',
        description:
          'Per vendor, per market day: sales, the fee (decision 583) and what the market reimburses per currency; totals and net = reimbursed − fee. The fee is never taken out of SNAP: both are shown apart. The market’s managers.',
        ...reconciliationSchema,
        response: { 200: VendorStatements, ...errors(400, 404) },
      },
    },
    async (request) => books.statements(ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/:id/statements.csv',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The vendors’ statements as a CSV file',
        description: 'text/csv: a line per vendor per market day, then each vendor’s totals. The market’s managers.',
        ...reconciliationSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const result = await books.statements(ctx, request.user, request.params.id, request.query);
      const from = result.statements[0]?.from ?? request.query.from ?? '';
      const to = result.statements[0]?.to ?? request.query.to ?? '';
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        `farmstand-market-${request.params.id}-statements.csv`,
        statementsCsv(result.statements, from, to),
      );
    },
  );

  app.get(
    '/:id/statement',
    {
      config: marketRole,
      preValidation: vendor,
      schema: {
        summary: 'My statement at this market for a period',
        description: 'The signed-in farm’s own statement (see the statements). Approved vendors only.',
        ...reconciliationSchema,
        response: { 200: VendorStatement, ...errors(400, 404) },
      },
    },
    async (request) => books.ownStatement(ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/:id/statement.csv',
    {
      config: marketRole,
      preValidation: vendor,
      schema: {
        summary: 'My statement at this market as a CSV file',
        description:
          'text/csv: a line per market day (sales, what is reimbursed per currency, fee, net), then the totals. Approved vendors only.',
        ...reconciliationSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const statement = await books.ownStatement(ctx, request.user, request.params.id, request.query);
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        `farmstand-market-${request.params.id}-statement-${statement.from}-${statement.to}.csv`,
        statementsCsv([statement], statement.from, statement.to),
      );
    },
  );

  const programmeSchema = { params: MarketIdParams, querystring: ProgrammeReportQuery };
  app.get(
    '/:id/programme-report',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The programme’s report of a season',
        description:
          'A row per month of the season (a calendar year; this year without one) and the season’s totals, in the columns of the layout (decision 583), each with its label and where its figure comes from, and the sources. The market’s managers.',
        ...programmeSchema,
        response: { 200: ProgrammeReport, ...errors(400, 404) },
      },
    },
    async (request) => books.programmeReport(ctx, request.user, request.params.id, request.query.season),
  );

  app.get(
    '/:id/programme-report.csv',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The programme’s report of a season as a CSV file',
        description:
          'text/csv: the labels, a row per month, the season’s totals, then where each figure comes from and the sources.',
        ...programmeSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const report = await books.programmeReport(ctx, request.user, request.params.id, request.query.season);
      return sendFile(reply, 'text/csv; charset=utf-8', programmeReportFileName(report, 'csv'), programmeReportCsv(report));
    },
  );

  app.get(
    '/:id/programme-report.pdf',
    {
      config: marketRole,
      preValidation: manager,
      schema: {
        summary: 'The programme’s report of a season as a PDF',
        description: 'application/pdf: Letter, landscape; the same figures as the CSV.',
        ...programmeSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const report = await books.programmeReport(ctx, request.user, request.params.id, request.query.season);
      return sendFile(reply, 'application/pdf', programmeReportFileName(report, 'pdf'), await programmeReportPdf(report));
    },
  );
};

export default defineModule({ prefix: 'markets', routes: marketOfficeRoutes });
