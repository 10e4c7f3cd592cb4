import { existsSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { TEXTS } from '@farmstand/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const BOUNDARY = '----farmstand-test-boundary';

/** A multipart body with text fields first, then the file, as browsers send FormData. */
function multipart(file: { name: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const upload = (
  url: string,
  user: { token: string } | null,
  file: Parameters<typeof multipart>[0],
  fields?: Record<string, string>,
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(user ? bearer(user) : {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(file, fields),
  });

const png = async (width = 1200, height = 900) => ({
  name: 'photo.png',
  type: 'image/png',
  data: await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 60 } } })
    .png()
    .toBuffer(),
});

/** A JPEG carrying EXIF with GPS coordinates (sharp writes the IFD3 = GPS block). */
const jpegWithGps = async () => ({
  name: 'camera.jpg',
  type: 'image/jpeg',
  data: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'PhoneCam', Copyright: 'secret farm' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 2/1 0/1' },
    })
    .toBuffer(),
});

/**
 * A decompression bomb's signature: a tiny file whose header claims enormous dimensions. The IHDR
 * chunk of a real 1×1 PNG is rewritten (with a fresh CRC) so decoders see 50,000 × 50,000 pixels.
 */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const buffer = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + length (4) + "IHDR" (4), then width and height.
  buffer.writeUInt32BE(width, 16);
  buffer.writeUInt32BE(height, 20);
  buffer.writeUInt32BE(crc32(buffer.subarray(12, 29)), 29);
  return buffer;
}

const storedFile = (url: string) => path.join(app.ctx.config.dataDir, url);
const fetchStored = (url: string) => app.inject({ method: 'GET', url });
const storedBytes = async (url: string): Promise<Buffer> => (await fetchStored(url)).rawPayload;

describe('POST /api/images/products/{id}', () => {
  it('stores a real PNG as WebP at several widths; the first image becomes primary', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const res = await upload(`/api/images/products/${id}`, producer, await png(), { isPrimary: 'false' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.isPrimary).toBe(true);
    expect(body.imageUrl).toMatch(new RegExp(`^/uploads/products/${id}/[0-9a-f]+-800\\.webp$`));
    expect(body.product.primary_image_url).toBe(body.imageUrl);

    const served = await fetchStored(body.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    const small = await sharp(await storedBytes(body.imageUrl.replace('-800.webp', '-400.webp'))).metadata();
    expect(small.width).toBe(400);
    // Never enlarged: the 1600 variant of a 1200 px photo stays 1200 px.
    const large = await sharp(await storedBytes(body.imageUrl.replace('-800.webp', '-1600.webp'))).metadata();
    expect(large.width).toBe(1200);
  });

  it('strips EXIF (GPS included) from a JPEG', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const source = await jpegWithGps();
    expect((await sharp(source.data).metadata()).exif).toBeDefined();
    const res = await upload(`/api/images/products/${id}`, producer, source, { isPrimary: 'true' });
    expect(res.statusCode).toBe(201);
    for (const width of [400, 800, 1600]) {
      const file = await fetchStored(res.json().imageUrl.replace('-800.webp', `-${width}.webp`));
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('secret farm'))).toBe(false);
    }
  });

  it.each([
    ['a text file renamed .jpg', { name: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not an image') }],
    [
      'an SVG',
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      },
    ],
  ])('refuses %s with 415', async (_label, file) => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const res = await upload(`/api/images/products/${id}`, producer, file);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TEXTS.notAnImage);
  });

  it('refuses a GIF (a real image, but not an accepted type)', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(`/api/images/products/${id}`, producer, { name: 'a.gif', type: 'image/gif', data: gif });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a 6 MB file with 413 and the spec text', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const big = Buffer.concat([(await png(10, 10)).data, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(`/api/images/products/${id}`, producer, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 5MB');
  });

  it('refuses a decompression bomb (tiny file, huge dimensions)', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(`/api/images/products/${id}`, producer, { name: 'bomb.png', type: 'image/png', data: bomb });
    expect(res.statusCode).toBe(413);
  });

  it('allows one primary plus max_images_per_product additional images', async () => {
    const producer = await buildProducer(app);
    const id = await buildProduct(app, producer);
    const image = await png(200, 150);
    expect((await upload(`/api/images/products/${id}`, producer, image, { isPrimary: 'true' })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const res = await upload(`/api/images/products/${id}`, producer, image, { isPrimary: 'false' });
      expect(res.statusCode).toBe(201);
      expect(res.json().isPrimary).toBe(false);
    }
    const sixth = await upload(`/api/images/products/${id}`, producer, image);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toContain('at most 5 additional images');
    // Replacing the primary is always possible, and the old cover's files are removed.
    const before = (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;
    const replaced = await upload(`/api/images/products/${id}`, producer, image, { isPrimary: 'true' });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().product.additional_images).toHaveLength(5);
    expect(existsSync(storedFile(before.primary_image_url))).toBe(false);
  });

  it('guests 401, consumers 403, other producers 403, missing product 404, missing file 400', async () => {
    const owner = await buildProducer(app);
    const id = await buildProduct(app, owner);
    const image = await png(50, 50);
    expect((await upload(`/api/images/products/${id}`, null, image)).statusCode).toBe(401);
    expect((await upload(`/api/images/products/${id}`, await buildUser(app), image)).statusCode).toBe(403);
    expect((await upload(`/api/images/products/${id}`, await buildProducer(app), image)).statusCode).toBe(403);
    expect((await upload('/api/images/products/999999', owner, image)).statusCode).toBe(404);
    expect((await upload(`/api/images/products/${id}`, owner, null, { isPrimary: 'true' })).statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: `/api/images/products/${id}`,
      headers: bearer(owner),
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('DELETE /api/images/products/{id}/images', () => {
  it('removes an additional image, or the primary (promoting the next), and their files', async () => {
    const owner = await buildProducer(app);
    const id = await buildProduct(app, owner);
    const image = await png(100, 100);
    const primary = (await upload(`/api/images/products/${id}`, owner, image, { isPrimary: 'true' })).json().imageUrl;
    const extraA = (await upload(`/api/images/products/${id}`, owner, image)).json().imageUrl;
    const extraB = (await upload(`/api/images/products/${id}`, owner, image)).json().imageUrl;
    const del = (user: { token: string }, imageUrl: string, isPrimary: boolean) =>
      app.inject({
        method: 'DELETE',
        url: `/api/images/products/${id}/images`,
        headers: bearer(user),
        payload: { imageUrl, isPrimary },
      });

    expect((await del(await buildProducer(app), extraA, false)).statusCode).toBe(403);
    const res = await del(owner, extraA, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().product.additional_images).toEqual([extraB]);
    expect(existsSync(storedFile(extraA))).toBe(false);
    expect(existsSync(storedFile(extraA.replace('-800', '-400')))).toBe(false);

    const promoted = await del(owner, primary, true);
    expect(promoted.json().product).toMatchObject({ primary_image_url: extraB, additional_images: [] });
    expect((await del(owner, primary, true)).statusCode).toBe(404);
    expect((await del(owner, '/uploads/elsewhere.webp', false)).statusCode).toBe(404);
  });
});

describe('PUT /api/images/products/{id}/primary', () => {
  it('swaps an additional image with the primary; owner only', async () => {
    const owner = await buildProducer(app);
    const id = await buildProduct(app, owner);
    const image = await png(60, 60);
    const first = (await upload(`/api/images/products/${id}`, owner, image, { isPrimary: 'true' })).json().imageUrl;
    const second = (await upload(`/api/images/products/${id}`, owner, image)).json().imageUrl;
    const swap = (user: { token: string }, imageUrl: string) =>
      app.inject({ method: 'PUT', url: `/api/images/products/${id}/primary`, headers: bearer(user), payload: { imageUrl } });
    expect((await swap(await buildProducer(app), second)).statusCode).toBe(403);
    const res = await swap(owner, second);
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ primary_image_url: second, additional_images: [first] });
    expect((await swap(owner, '/uploads/unknown-800.webp')).statusCode).toBe(404);
  });
});

describe('POST /api/images/producers/profile', () => {
  it('sets the farm picture; only producers with a profile; imageType must be profile', async () => {
    const owner = await buildProducer(app);
    const res = await upload('/api/images/producers/profile', owner, await png(600, 600), { imageType: 'profile' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imageType: 'profile' });
    const profile = (await app.inject({ method: 'GET', url: '/api/producers/me/profile', headers: bearer(owner) })).json();
    expect(profile.profile_image_url).toBe(res.json().imageUrl);

    expect((await upload('/api/images/producers/profile', owner, await png(10, 10), { imageType: 'banner' })).statusCode).toBe(
      400,
    );
    expect((await upload('/api/images/producers/profile', await buildUser(app), await png(10, 10))).statusCode).toBe(403);
    expect(
      (await upload('/api/images/producers/profile', await buildUser(app, { userType: 'producer' }), await png(10, 10)))
        .statusCode,
    ).toBe(404);
  });
});
