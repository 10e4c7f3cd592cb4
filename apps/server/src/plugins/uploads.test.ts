import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const storedFile = (url: string) => path.join(app.ctx.config.dataDir, url);

/** An image stored the way uploads were before the avatar widths: 400, 800 and 1600 px only. */
async function storeOldStyleImage(key: string): Promise<string> {
  for (const width of [400, 800, 1600]) {
    const file = storedFile(`/uploads/${key}-${width}.webp`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      await sharp({ create: { width, height: width, channels: 3, background: '#3a7' } })
        .webp()
        .toBuffer(),
    );
  }
  return `/uploads/${key}-800.webp`;
}

describe('GET /uploads makes the avatar widths an older image lacks from its 400 px file', () => {
  it('makes the 96 and 192 px files from the 400 px one on first request, and keeps them', async () => {
    const url = await storeOldStyleImage('producers/1/old-avatar');
    for (const width of [96, 192]) {
      const variant = url.replace('-800.webp', `-${width}.webp`);
      expect(existsSync(storedFile(variant))).toBe(false);
      const res = await app.inject({ method: 'GET', url: variant });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
      expect(existsSync(storedFile(variant))).toBe(true);
    }
  });

  it('answers 404 when there is no 400 px source, for other widths, and outside the uploads folder', async () => {
    expect((await app.inject({ method: 'GET', url: '/uploads/producers/1/never-stored-192.webp' })).statusCode).toBe(404);
    const url = await storeOldStyleImage('products/2/picture');
    expect((await app.inject({ method: 'GET', url: url.replace('-800.webp', '-300.webp') })).statusCode).toBe(404);
    const outside = await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd-192.webp' });
    expect([403, 404]).toContain(outside.statusCode);
  });
});
