import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { bearer, buildUser } from '../test/factories';
import { withDatabase } from '../test/global-setup';
import { disconnection, seenAcrossInstances, startRealtimeApp } from '../test/realtime';
import { type TestApp, testConfig } from '../test/test-app';

const redisUrl = process.env.REDIS_URL;
const onPostgres = process.env.TEST_DB_ENGINE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** Two instances sharing PostgreSQL and Redis (as in messages.scale-out.test.ts); PostgreSQL project only. */
describe.runIf(onPostgres && redisUrl)('scale-out: a session ended on one instance', () => {
  let instanceA: Awaited<ReturnType<typeof startRealtimeApp>>;
  let instanceB: Awaited<ReturnType<typeof startRealtimeApp>>;

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
  });
  afterAll(async () => {
    await instanceB?.close();
    await instanceA?.close();
  });

  it('disconnects the sockets the user has open on the other instance', async () => {
    const admin = await buildUser(instanceA.app, { userType: 'admin' });
    const user = await buildUser(instanceA.app);
    const [onA, onB] = await Promise.all([instanceA.connect(user.token), instanceB.connect(user.token)]);
    // The Redis adapter subscribes asynchronously: A finds both sockets once B listens.
    await seenAcrossInstances(instanceA.io, user.id, 2);
    const ended = Promise.all([disconnection(onA, 10_000), disconnection(onB, 10_000)]);
    const response = await instanceA.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/status`,
      headers: bearer(admin),
      payload: { action: 'suspend' },
    });
    expect(response.statusCode).toBe(200);
    expect(await ended).toEqual(['io server disconnect', 'io server disconnect']);
  });
});
