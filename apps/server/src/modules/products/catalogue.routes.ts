import { CatalogueImportQuery, CatalogueImportResult } from '@farmstand/shared/schemas/books';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooLarge, unsupportedType } from '../../lib/errors';
import { errors, type ModuleOptions } from '../module';
import { CATALOGUE_MAX_BYTES, CATALOGUE_TOO_LARGE, exportCatalogue, importCatalogue } from './catalogue.service';

const producerAccess = {
  access: ['producer'],
  accessMessages: { denied: 'Only producer accounts can manage products' },
} as const;

/** What browsers and spreadsheets call a .csv file (Windows says application/vnd.ms-excel). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

/**
 * The file as bytes, refused at 5 MB without reading the rest: by its Content-Length when it says
 * one, else as soon as the bytes read pass the limit (a 50 MB upload is never held in memory).
 */
function readLimited(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > CATALOGUE_MAX_BYTES) return done(tooLarge(CATALOGUE_TOO_LARGE));
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > CATALOGUE_MAX_BYTES) {
      payload.removeAllListeners('data');
      payload.resume();
      return finish(tooLarge(CATALOGUE_TOO_LARGE));
    }
    chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (error: Error) => finish(error));
}

/** The catalogue by spreadsheet (decision 585), mounted under /api/products with its own body parser. */
export const catalogueRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.addContentTypeParser(CSV_TYPES, { bodyLimit: CATALOGUE_MAX_BYTES + 1 }, readLimited);

  app.get(
    '/catalogue.csv',
    {
      config: producerAccess,
      schema: {
        summary: 'My catalogue as a spreadsheet (CSV)',
        description:
          'text/csv UTF-8 with a BOM, CRLF: one row per product without variants, one per variant with the product’s columns repeated; the columns are the product form’s fields (decision 585). A download named farmstand-catalogue.csv.',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="farmstand-catalogue.csv"')
        .header('cache-control', 'private, no-store')
        .send(await exportCatalogue(ctx, request.user)),
  );

  app.post(
    '/catalogue',
    {
      config: producerAccess,
      bodyLimit: CATALOGUE_MAX_BYTES + 1,
      schema: {
        summary: 'Import my catalogue from a spreadsheet (CSV), a dry run unless dryRun=false',
        description:
          'The body is the CSV file (text/csv, UTF-8, at most 5 MB and 5,000 rows). Every row is checked with the product form’s rules; nothing is written while any row has a problem, and everything is written in one transaction. zeroMissing=true sets counted stock to 0 for products absent from the file.',
        querystring: CatalogueImportQuery,
        consumes: CSV_TYPES,
        response: { 200: CatalogueImportResult, ...errors(400, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw unsupportedType('Send the catalogue as a CSV file (Content-Type: text/csv)');
      return importCatalogue(ctx, request.user, request.body, request.query);
    },
  );
};
