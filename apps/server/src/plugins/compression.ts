import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing a 300-byte JSON costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The one setting for answers compressed per request (the web build's files come precompressed). */
const COMPRESSION = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  customTypes: isCompressibleType,
};

/**
 * Route option for the site's own text, pages, robots.txt and sitemaps: compressed whatever its
 * size (docs/decisions/250). The threshold is for the API's hot small answers; these are few, and a
 * crawler or a phone on a weak connection reads every byte of them.
 */
export const COMPRESS_ANY_SIZE = { ...COMPRESSION, threshold: 0 };

/**
 * Brotli or gzip by Accept-Encoding for every compressible answer (JSON, HTML, JS, CSS, SVG, XML,
 * text) above the threshold (docs/decisions/150). Brotli runs at quality 4 for answers made per
 * request: close to gzip's speed with smaller output; the web build's files are precompressed at the
 * highest levels instead and served as they are (web-app.ts, preCompressed). socket.io is attached
 * to the HTTP server itself, never passes through Fastify's reply, and so is untouched; images are
 * not compressible types and are skipped.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, ...COMPRESSION });
  // @fastify/compress names Accept-Encoding in Vary only when it compressed. The plain answer to a
  // client that asked for none (identity, gzip;q=0) depends on that header just the same, so a shared
  // cache must not hand it to everyone: every compressible answer says so (a small one that is never
  // compressed only costs a cache a second copy).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isCompressibleType(String(reply.getHeader('content-type') ?? ''))) varyOnEncoding(reply);
    return payload;
  });
});

function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

const COMPRESSIBLE = /^(text\/|application\/([\w.+-]*\+)?(json|javascript|xml)\b|image\/svg\+xml)/;

/** Streams of events must flush each chunk as it is written, so they are never buffered in a compressor. */
export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType) && !contentType.startsWith('text/event-stream');
}
