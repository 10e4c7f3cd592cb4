import {
  type BookExportFormat,
  BookExports,
  BooksRangeQuery,
  TaxSummary,
  TaxSummaryQuery,
} from '@farmstand/shared/schemas/books';
import { IdParams } from '@farmstand/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as books from './books.service';

/** The farm's own account: the books are its sales (shoppers, helpers and admins: 403). */
const farmOnly = {
  access: ['producer'] as const,
  accessMessages: { denied: 'Only a farm’s own account exports its books', signIn: 'Please sign in to export your books' },
};

const sendCsv = (reply: FastifyReply, filename: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

const FILES: { format: BookExportFormat; path: string; summary: string; description: string }[] = [
  {
    format: 'orders',
    path: '/orders.csv',
    summary: 'The farm’s sales of a range of days as a CSV file: orders, lines, tenders and tax',
    description:
      'text/csv (UTF-8 with BOM): an Order row per sale (picked-up orders and stand sales, by the local date at their place; `pointId`: one place) with goods, delivery fee, taxable, exempt, tax, total, each tender used, paid and the market’s fee, then a Line row per line (quantity, unit price, packs’ weights, amount, tax). Records the export: an order already in an orders export is never in another; a range with nothing new answers the header only.',
  },
  {
    format: 'quickbooks',
    path: '/quickbooks.csv',
    summary: 'The daily sales summary per tender for QuickBooks Online’s journal-entry import',
    description:
      'text/csv: one balanced journal entry per day (Journal No, Journal Date MM/DD/YYYY, Account Name, Debits, Credits, Description, Name): each tender debited to its account, taxable and exempt sales and the tax collected credited. Records the export; never repeats an order.',
  },
  {
    format: 'xero',
    path: '/xero.csv',
    summary: 'The sales as Xero’s sales invoice import (its own template’s columns)',
    description:
      'text/csv: an invoice FS-<order> per sale, a row per line (*ContactName, *InvoiceNumber, *InvoiceDate, *DueDate, *Description, *Quantity, *UnitAmount, *AccountCode, *TaxType, TaxAmount…), amounts tax exclusive. Records the export; never repeats an order.',
  },
];

/**
 * Books out (issue 50 items 3–4, decision 586), under /api/books: the three exports, the exports
 * already made (to download again unchanged) and the sales-tax quarter.
 */
const booksRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  for (const file of FILES) {
    app.get(
      file.path,
      {
        config: farmOnly,
        schema: {
          summary: file.summary,
          description: file.description,
          querystring: BooksRangeQuery,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        const result = await books.exportSales(ctx, request.user, file.format, request.query);
        reply.header('x-orders-exported', String(result.orderCount));
        return sendCsv(reply, result.filename, result.content);
      },
    );
  }

  app.get(
    '/exports',
    {
      config: farmOnly,
      schema: {
        summary: 'The farm’s exports already made, newest first (the last 100)',
        response: { 200: BookExports },
      },
    },
    async (request) => books.listExports(ctx, request.user),
  );

  app.get(
    '/exports/:id',
    {
      config: farmOnly,
      schema: {
        summary: 'An export’s file again, byte for byte as it was first given',
        description: 'text/csv. Another farm’s export is not found.',
        params: IdParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await books.exportFile(ctx, request.user, request.params.id);
      return sendCsv(reply, file.filename, file.content);
    },
  );

  app.get(
    '/tax-summary',
    {
      config: farmOnly,
      schema: {
        summary: 'The farm’s sales-tax quarter by month: gross, taxable, exempt, SNAP-paid, tax collected',
        description:
          'Each month (the sale’s local date at its place) and the quarter, the sums of the sales’ stored amounts (picked-up orders and stand sales): the per-line tax of the stand to the cent.',
        querystring: TaxSummaryQuery,
        response: { 200: TaxSummary, ...errors(400, 404) },
      },
    },
    async (request) => books.taxSummary(ctx, request.user, request.query.year, request.query.quarter),
  );

  app.get(
    '/tax-summary.csv',
    {
      config: farmOnly,
      schema: {
        summary: 'The sales-tax quarter as a CSV file',
        description: 'text/csv (UTF-8 with BOM): a row per month then the quarter, with the receipts including tax.',
        querystring: TaxSummaryQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await books.taxSummaryFile(ctx, request.user, request.query.year, request.query.quarter);
      return sendCsv(reply, file.filename, file.content);
    },
  );
};

export default defineModule({ prefix: 'books', routes: booksRoutes });
