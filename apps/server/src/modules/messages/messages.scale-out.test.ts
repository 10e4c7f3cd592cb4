import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import { nextEvent, seenAcrossInstances, startRealtimeApp } from '../../test/realtime';
import { type TestApp, testConfig } from '../../test/test-app';

const redisUrl = process.env.REDIS_URL;
const onPostgres = process.env.TEST_DB_ENGINE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two instances on two ports sharing one PostgreSQL database and Redis, as behind a load balancer.
 * Needs both services: it runs in the server-postgres project when REDIS_URL is set (CI sets both);
 * on PGlite there is no database two processes could share, so it does not run there.
 */
describe.runIf(onPostgres && redisUrl)('scale-out: two instances sharing PostgreSQL and Redis', () => {
  let instanceA: Awaited<ReturnType<typeof startRealtimeApp>>;
  let instanceB: Awaited<ReturnType<typeof startRealtimeApp>>;
  let sender: TestUser;
  let recipient: TestUser;

  beforeAll(async () => {
    instanceA = await startRealtimeApp({ redisUrl });
    const name = (await instanceA.app.ctx.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    const database = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL as string, name));
    const appB = await buildApp({ config: testConfig({ redisUrl }), database, logger: false, rateLimitPerMinute: 100_000 });
    await appB.ready();
    const testAppB = Object.assign(appB, {
      closeAll: async () => {
        await appB.close();
        await database.close();
      },
    }) as TestApp;
    instanceB = await startRealtimeApp({}, testAppB);
    sender = await buildUser(instanceA.app);
    recipient = await buildUser(instanceA.app, { userType: 'producer' });
  });
  afterAll(async () => {
    await instanceB?.close();
    await instanceA?.close();
  });

  it('delivers a message posted through instance A to a client connected to instance B', async () => {
    expect(instanceA.url).not.toBe(instanceB.url);
    const onB = await instanceB.connect(recipient.token);
    // The Redis adapter subscribes asynchronously: A finds B's socket once B listens.
    await seenAcrossInstances(instanceA.io, recipient.id, 1);
    const delivered = nextEvent(onB, 'new_message', 5000);
    const unread = nextEvent(onB, 'unread_count_updated', 5000);
    const response = await instanceA.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(sender),
      payload: { recipientId: recipient.id, content: 'Sent through A' },
    });
    expect(response.statusCode).toBe(201);
    expect(await delivered).toMatchObject({ senderEmail: sender.email, message: { content: 'Sent through A' } });
    expect(await unread).toEqual({ unreadCount: 1 });
  });

  it('reaches clients of both instances with an announcement', async () => {
    const admin = await buildUser(instanceA.app, { userType: 'admin' });
    const [onA, onB] = await Promise.all([instanceA.connect(sender.token), instanceB.connect(recipient.token)]);
    await seenAcrossInstances(instanceB.io, sender.id, 1);
    const both = [nextEvent(onA, 'announcement', 5000), nextEvent(onB, 'announcement', 5000)];
    const response = await instanceB.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: bearer(admin),
      payload: { message: 'Across instances' },
    });
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(both)).toEqual([{ message: 'Across instances' }, { message: 'Across instances' }]);
  });
});
