import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addSummerShare } from '../../test/csa-helpers';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { eggs, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The CSA box photo (decision 515) through the real multipart path: multipart is registered once for
 * the whole API (plugins/multipart.ts), so this route, outside the images module, reads uploads too.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const BOUNDARY = '----farmstand-csa-photo-boundary';

/** A multipart body as a browser's FormData sends it: one `image` file part. */
function multipart(file: { name: string; type: string; data: Buffer }, field = 'image') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const png = async () => ({
  name: 'box.png',
  type: 'image/png',
  data: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 160, b: 40 } } })
    .png()
    .toBuffer(),
});

async function postedBox(): Promise<{ farm: TestUser; url: string }> {
  const farm = await setUpMarket(app);
  const egg = await eggs(app, farm, { stockQuantity: 20 });
  const { id } = await addSummerShare(app, farm);
  const box = await app.inject({
    method: 'PUT',
    url: `/api/csa/${id}/boxes`,
    headers: bearer(farm),
    payload: { week_of: '2030-06-08', items: [{ productId: egg, quantities: [2] }], note: null },
  });
  expect(box.statusCode, box.body).toBe(200);
  return { farm, url: `/api/csa/${id}/boxes/${box.json().box.week_of}/photo` };
}

describe('the CSA box photo upload', () => {
  // It was a 415: the CSA module had no multipart parser.
  it('stores a real multipart image upload as the week’s box photo and shows it on the box', async () => {
    const { farm, url } = await postedBox();
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(farm), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(await png()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Photo added to the box.');
    const photo = res.json().box.photo_url as string;
    expect(photo).toMatch(/^\/uploads\/csa\/\d+\/[0-9a-f]+-800\.webp$/);
    const served = await app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const boxes = await app.inject({ method: 'GET', url: url.replace(/\/[^/]+\/photo$/, ''), headers: bearer(farm) });
    expect(boxes.json().boxes[0].photo_url).toBe(photo);
  });

  // It was a 500: `request.isMultipart is not a function`.
  it('answers every wrong body with a 4xx naming the problem, never a 500', async () => {
    const { farm, url } = await postedBox();
    const multipartHeaders = { ...bearer(farm), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const attempts = [
      { name: 'JSON', headers: bearer(farm), payload: { image: 'not a file' } },
      { name: 'no body', headers: bearer(farm) },
      { name: 'an empty multipart body', headers: multipartHeaders, payload: `--${BOUNDARY}--\r\n` },
      { name: 'multipart without a boundary', headers: { ...bearer(farm), 'content-type': 'multipart/form-data' }, payload: 'x' },
      { name: 'a truncated multipart body', headers: multipartHeaders, payload: `--${BOUNDARY}\r\nContent-Disposition: form-d` },
      {
        name: 'a text file as the image',
        headers: multipartHeaders,
        payload: multipart({ name: 'box.png', type: 'image/png', data: Buffer.from('not an image at all') }),
      },
      { name: 'the image under another field', headers: multipartHeaders, payload: multipart(await png(), 'photo') },
      { name: 'plain text', headers: { ...bearer(farm), 'content-type': 'text/plain' }, payload: 'hello' },
    ];
    for (const attempt of attempts) {
      const res = await app.inject({ method: 'POST', url, headers: attempt.headers, payload: attempt.payload });
      expect(res.statusCode, `${attempt.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${attempt.name}: ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message, attempt.name).toBe('string');
    }
    const put = await app.inject({ method: 'PUT', url, headers: multipartHeaders, payload: multipart(await png()) });
    expect(put.statusCode).toBeLessThan(500);
    expect(put.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('is the farm’s own: a shopper’s real upload is refused before it is read', async () => {
    const { url } = await postedBox();
    const shopper = await buildUser(app);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(shopper), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(await png()),
    });
    expect(res.statusCode).toBe(403);
  });
});
