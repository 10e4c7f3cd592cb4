import { MAX_IMAGE_BYTES } from '@farmstand/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * The limits a multipart body has unless its reader asks for others: one file of at most an
 * image's size and a few short text fields. A reader narrows or widens them for its own route
 * (`request.parts({ limits })`), never by registering multipart again.
 */
export const UPLOAD_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 50 };

/**
 * Multipart bodies for every upload route, registered once for the whole API: a route that reads
 * an upload (`request.isMultipart()`, `request.parts()`) works wherever it is declared, and a body
 * that is not multipart reaches its reader, which refuses it with a 4xx. Before, multipart was
 * registered inside two modules only, and the CSA box photo route, in a third, answered a real
 * upload with 415 (no parser) and anything else with 500 (`request.isMultipart is not a function`).
 * A file over the limit is an error the reader turns into a 413, not a silently cut file.
 */
export async function registerMultipartBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
}
