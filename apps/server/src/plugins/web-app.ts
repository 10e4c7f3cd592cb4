import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; any other GET that is not an
 * API, upload or socket path gets index.html so the client router can take it.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn(`no web build at ${opts.root}; run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/socket.io/')) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` });
    }
    // A path with a file extension that is not on disk is a missing file, not a page.
    if (path.extname(url) && !url.endsWith('.html')) {
      const file = path.join(opts.root, path.normalize(url));
      if (file.startsWith(opts.root) && existsSync(file)) return reply.sendFile(path.relative(opts.root, file));
      return reply.status(404).send({ message: 'Not found' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
