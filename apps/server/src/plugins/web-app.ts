import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; the build's .br/.gz twins are sent
 * to browsers that accept them (docs/decisions/150). Page routes (any other GET that is not an API,
 * upload or socket path) are the storefront module's (index.html with the page's own head tags and
 * a real status), registered beside this by app.ts.
 */
export const hasWebBuild = (root: string): boolean => existsSync(path.join(root, 'index.html'));

export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const hasBuild = hasWebBuild(opts.root);
  if (!hasBuild) app.log.warn(`no web build at ${opts.root}; run "npm run build" to serve the web app`);
  else {
    await app.register(fastifyStatic, {
      root: opts.root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
});
