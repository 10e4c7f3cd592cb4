import { MAX_DOCUMENT_BYTES } from '@farmstand/shared/schemas/certification-documents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Certification documents, private to their producer and admins.
let app: TestApp;
let owner: TestProducer;
let otherProducer: TestProducer;
let consumer: TestUser;
let admin: TestUser;
let certId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer, { field = 'document', name = 'licence.pdf', type = 'application/pdf' } = {}) {
  const boundary = '----farmstand-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (user: { token: string } | null, file: Buffer, options?: Parameters<typeof multipart>[1], id = certId) => {
  const body = multipart(file, options);
  return app.inject({
    method: 'PUT',
    url: `/api/certifications/${id}/document`,
    headers: { ...body.headers, ...(user ? bearer(user) : {}) },
    payload: body.payload,
  });
};
const download = (user: { token: string } | null, id = certId) =>
  app.inject({ method: 'GET', url: `/api/certifications/${id}/document`, headers: user ? bearer(user) : {} });

beforeAll(async () => {
  app = await buildTestApp();
  owner = await buildProducer(app);
  otherProducer = await buildProducer(app);
  consumer = await buildUser(app, { userType: 'consumer' });
  admin = await buildUser(app, { userType: 'admin' });
  const [row] = await app.ctx.db
    .insert(certifications)
    .values({ producerId: owner.producerId, certificationType: 'cottage_food_registered' })
    .returning({ id: certifications.id });
  certId = row.id;
});
afterAll(async () => app.closeAll());

describe('certification documents', () => {
  it('the owner attaches a PDF; the own profile and the admin view point at the private route', async () => {
    const res = await upload(owner, PDF, { name: '../../etc/My Licence!.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ document_url: `/api/certifications/${certId}/document`, file_name: 'My Licence.pdf' });
    const own = await app.inject({ url: '/api/producers/me/profile', headers: bearer(owner) });
    expect(own.json().certifications[0].document_url).toBe(`/api/certifications/${certId}/document`);
    const adminView = await app.inject({ url: `/api/admin/producers/${owner.id}/certifications`, headers: bearer(admin) });
    expect(adminView.json().certifications[0].document_url).toBe(`/api/certifications/${certId}/document`);
    // Never a public upload.
    expect(JSON.stringify(own.json())).not.toContain('/uploads/');
  });

  it('serves it to the owner and admins only', async () => {
    for (const user of [owner, admin]) {
      const res = await download(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(consumer)).statusCode).toBe(403);
    expect((await download(otherProducer)).statusCode).toBe(403);
    const publicPage = await app.inject({ url: `/api/producers/${owner.id}` });
    expect(JSON.stringify(publicPage.json())).not.toContain('/document');
  });

  it('only the owner changes it', async () => {
    expect((await upload(null, PDF)).statusCode).toBe(401);
    expect((await upload(consumer, PDF)).statusCode).toBe(403);
    expect((await upload(admin, PDF)).statusCode).toBe(403);
    expect((await upload(otherProducer, PDF)).statusCode).toBe(403);
    expect((await upload(owner, PDF, {}, 999_999)).statusCode).toBe(404);
  });

  it('checks the content, not the declared type, and the size', async () => {
    const fake = await upload(owner, Buffer.from('<script>alert(1)</script>'), { name: 'x.pdf', type: 'application/pdf' });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Please choose a PDF, JPEG or PNG file');
    const big = await upload(owner, Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size must be less than 5MB');
    // The PDF from before is untouched.
    expect((await download(owner)).headers['content-type']).toBe('application/pdf');
  });

  it('replaces with a PNG sent as octet-stream, then removes', async () => {
    const replaced = await upload(owner, PNG, { name: 'scan', type: 'application/octet-stream' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().file_name).toBe('scan.png');
    expect((await download(admin)).headers['content-type']).toBe('image/png');

    const removeRes = await app.inject({
      method: 'DELETE',
      url: `/api/certifications/${certId}/document`,
      headers: bearer(owner),
    });
    expect(removeRes.statusCode).toBe(200);
    expect((await download(owner)).statusCode).toBe(404);
    const own = await app.inject({ url: '/api/producers/me/profile', headers: bearer(owner) });
    expect(own.json().certifications[0].document_url).toBeNull();
  });

  it('a new document sends a verified certification back to review', async () => {
    await app.ctx.db.update(certifications).set({ status: 'verified' }).where(eq(certifications.id, certId));
    expect((await upload(owner, PDF, { name: 'renewed.pdf' })).statusCode).toBe(200);
    const own = await app.inject({ url: '/api/producers/me/profile', headers: bearer(owner) });
    expect(own.json().certifications[0]).toMatchObject({ status: 'pending', verified_by_admin: false });
    const adminView = await app.inject({ url: `/api/admin/producers/${owner.id}/certifications`, headers: bearer(admin) });
    expect(adminView.json().certifications[0]).toMatchObject({ status: 'pending', verified: false });
  });
});
