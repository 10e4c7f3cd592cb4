import { MAX_IMAGE_BYTES, TEXTS } from '@farmstand/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge, unsupportedType } from '../../lib/errors';

export type Upload = { buffer: Buffer; fields: Record<string, string> };

/**
 * An image upload's limits: one file of at most MAX_IMAGE_BYTES and a few short text fields.
 * Multipart itself is registered once for the whole API (plugins/multipart.ts), so every route that
 * reads an image with `readImageUpload` (product and profile images, the CSA box photo) can.
 */
export const MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 };

/**
 * Reads one `image` file and the text fields, in any order. A file over the limit is a 413 with
 * the spec's text; a request that is not multipart, or has no image, is refused plainly.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw unsupportedType(TEXTS.notAnImage);
  const fields: Record<string, string> = {};
  let buffer: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || buffer) {
          await part.toBuffer();
          continue;
        }
        buffer = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(TEXTS.imageTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Send one image at a time');
    throw badRequest('The upload could not be read. Please try again.');
  }
  if (!buffer || buffer.length === 0) throw badRequest(TEXTS.notAnImage, 'image');
  return { buffer, fields };
}

/** Multipart text booleans: 'true' / '1' / 'on' mean yes. */
export const isTruthyField = (value: string | undefined) => value === 'true' || value === '1' || value === 'on';
