import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

// A decision's note reaches the producer (e-mail, own profile) and the admin sees the history.
let app: TestApp;
let admin: TestUser;
let consumer: TestUser;
let producer: TestProducer;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
  consumer = await buildUser(app, { userType: 'consumer' });
  producer = await buildProducer(app, { farmName: 'Notes Farm' });
});
afterAll(async () => app.closeAll());

const verify = (user: { token: string } | null, body: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/producers/${producer.id}/verify`,
    headers: user ? bearer(user) : {},
    payload: body,
  });
const mailsTo = async (to: string) =>
  app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));

describe('verification decisions reach the producer', () => {
  it('refuses guests and non-admins before deciding', async () => {
    expect((await verify(null, { action: 'approve' })).statusCode).toBe(401);
    expect((await verify(consumer, { action: 'approve' })).statusCode).toBe(403);
    expect((await verify(producer, { action: 'approve' })).statusCode).toBe(403);
    expect(await mailsTo(producer.email)).toHaveLength(0);
  });

  it('e-mails the producer with the note and shows status and note on the own profile', async () => {
    const note = 'Please upload your cottage food registration.';
    const first = await verify(admin, { action: 'request_more_info', notes: note });
    expect(first.statusCode).toBe(200);
    const [mail] = await mailsTo(producer.email);
    expect(mail.subject).toMatch(/More information needed/);
    expect(mail.body).toContain(note);
    expect(mail.body).toContain('/dashboard');

    const own = await app.inject({ method: 'GET', url: '/api/producers/me/profile', headers: bearer(producer) });
    expect(own.json()).toMatchObject({ verification_status: 'more_info', verification_notes: note });
  });

  it('keeps the note for the admin and lists every decision, newest first', async () => {
    expect((await verify(admin, { action: 'approve', notes: 'Thanks, all in order.' })).statusCode).toBe(200);
    const [mail] = await mailsTo(producer.email);
    expect(mail.subject).toMatch(/approved/);
    expect(mail.body).toContain('Thanks, all in order.');

    const details = await app.inject({
      method: 'GET',
      url: `/api/admin/producers/${producer.id}/details`,
      headers: bearer(admin),
    });
    expect(details.statusCode).toBe(200);
    const body = details.json();
    expect(body.verification_notes).toBe('Thanks, all in order.');
    expect(body.verification_history).toEqual([
      expect.objectContaining({ action: 'approve', admin_email: admin.email, notes: 'Thanks, all in order.' }),
      expect.objectContaining({
        action: 'request_more_info',
        admin_email: admin.email,
        notes: 'Please upload your cottage food registration.',
      }),
    ]);
    expect(new Date(body.verification_history[0].created_at).getTime()).not.toBeNaN();
  });

  it('a decision without a note sends a mail without a note section', async () => {
    expect((await verify(admin, { action: 'reject' })).statusCode).toBe(200);
    const [mail] = await mailsTo(producer.email);
    expect(mail.subject).toMatch(/not approved/);
    expect(mail.body).not.toContain('Note from the administrator');
  });
});
