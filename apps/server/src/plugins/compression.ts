import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing a 300-byte JSON costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip by Accept-Encoding for every compressible answer (JSON, HTML, JS, CSS, SVG, XML,
 * text) above the threshold (docs/decisions/150). Brotli runs at quality 4 for answers made per
 * request: close to gzip's speed with smaller output; the web build's files are precompressed at the
 * highest levels instead and served as they are (web-app.ts, preCompressed). socket.io is attached
 * to the HTTP server itself, never passes through Fastify's reply, and so is untouched; images are
 * not compressible types and are skipped.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: isCompressibleType,
  });
});

const COMPRESSIBLE = /^(text\/|application\/([\w.+-]*\+)?(json|javascript|xml)\b|image\/svg\+xml)/;

/** Streams of events must flush each chunk as it is written, so they are never buffered in a compressor. */
export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType) && !contentType.startsWith('text/event-stream');
}
