import { IdParams } from '@farmstand/shared';
import { DOCUMENT_TEXTS, DocumentUploadResponse, MAX_DOCUMENT_BYTES } from '@farmstand/shared/schemas/certification-documents';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, tooLarge, unsupportedType } from '../../lib/errors';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as documents from './certification-documents.service';

const tags = ['producers'];
const OWNER_ONLY = 'Only producers can attach certification documents';
const ownerAccess = { access: ['producer'], accessMessages: { denied: OWNER_ONLY } } as const;

/** A document upload's limits: one file of at most MAX_DOCUMENT_BYTES (multipart is registered once, plugins/multipart.ts). */
const DOCUMENT_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 2, parts: 3 };

/** Reads the one `document` file; over the limit is a 413, anything that is not a file a 400/415. */
async function readDocumentUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName?: string }> {
  if (!request.isMultipart()) throw unsupportedType(DOCUMENT_TEXTS.wrongType);
  let upload: { data: Buffer; fileName?: string } | null = null;
  try {
    for await (const part of request.parts({ limits: DOCUMENT_LIMITS })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'document' && !upload) upload = { data, fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(DOCUMENT_TEXTS.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Send one document at a time');
    throw badRequest('The upload could not be read. Please try again.');
  }
  if (!upload || upload.data.length === 0) throw badRequest(DOCUMENT_TEXTS.missing, 'document');
  return upload;
}

/**
 * Certification documents (docs/decisions/141): the producer attaches, replaces or
 * removes one file per certification; only that producer and admins can download it.
 */
const certificationDocumentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.put(
    '/:id/document',
    {
      config: ownerAccess,
      schema: {
        tags,
        summary:
          'Attach or replace the document of one of my certifications (multipart field `document`: PDF, JPEG or PNG, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: DocumentUploadResponse, ...errors(400, 404, 413, 415) },
      },
    },
    async (request) => documents.uploadDocument(ctx, request.user, request.params.id, await readDocumentUpload(request)),
  );

  app.delete(
    '/:id/document',
    {
      config: ownerAccess,
      schema: {
        tags,
        summary: 'Remove the document of one of my certifications',
        params: IdParams,
        response: { 200: DocumentUploadResponse, ...errors(400, 404) },
      },
    },
    async (request) => documents.removeDocument(ctx, request.user, request.params.id),
  );

  app.get(
    '/:id/document',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Download a certification document (its producer, admins and the managers of its markets only)',
        params: IdParams,
        response: errors(400, 404),
      },
    },
    async (request, reply) => {
      const user = request.user;
      const document = await documents.readDocument(ctx, user, request.params.id);
      return reply
        .header('content-type', document.contentType)
        .header('content-length', String(document.byteSize))
        .header('content-disposition', `inline; filename="${document.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document.data as never); // raw bytes: the error schemas do not describe a 200 file body
    },
  );
};

export default defineModule({ prefix: '/certifications', routes: certificationDocumentRoutes });
