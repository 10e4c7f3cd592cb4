import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves stored images. Every file name is unique (new upload, new name), so caching is forever. */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  mkdirSync(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
});
