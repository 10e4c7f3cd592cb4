import { existsSync, mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_SMALL_WIDTHS, IMAGE_SOURCE_WIDTH } from '@farmstand/shared/constants/images';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** `/uploads/<key>-<width>.webp` for one of the small widths. */
const SMALL_VARIANT = new RegExp(`^/uploads/(.+)-(${IMAGE_SMALL_WIDTHS.join('|')})\\.webp$`);

/**
 * Serves stored images. Every file name is unique (new upload, new name), so caching is forever.
 *
 * Images stored before the avatar widths existed (decision 156/159) have no `-96`/`-192` file: the
 * first request for one makes it from the `-400` file and keeps it beside the others, so every
 * srcset the web app writes resolves, old pictures included. New uploads and demo pictures are
 * stored at every width up front.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  mkdirSync(opts.root, { recursive: true });
  const root = path.resolve(opts.root);
  const making = new Map<string, Promise<void>>();

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = SMALL_VARIANT.exec(request.url.split('?')[0] ?? '');
    if (!match) return;
    const [, key, width] = match as unknown as [string, string, string];
    const target = path.resolve(root, `${decodeURIComponent(key)}-${width}.webp`);
    const source = path.resolve(root, `${decodeURIComponent(key)}-${IMAGE_SOURCE_WIDTH}.webp`);
    // Never outside the uploads folder; nothing to do when the file is there or there is no source.
    if (!target.startsWith(root + path.sep) || !source.startsWith(root + path.sep)) return;
    if (existsSync(target) || !existsSync(source)) return;
    let job = making.get(target);
    if (!job) {
      job = makeVariant(source, target, Number(width)).finally(() => making.delete(target));
      making.set(target, job);
    }
    // A failure leaves the file missing: the static handler answers 404, as for any unknown file.
    await job.catch((error) => request.log.warn({ err: error, file: target }, 'could not make a small image variant'));
  });

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

/** Resizes the source to `width` (never enlarging), written under a temporary name and renamed, so no one reads half a file. */
async function makeVariant(source: string, target: string, width: number): Promise<void> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp(source).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}
