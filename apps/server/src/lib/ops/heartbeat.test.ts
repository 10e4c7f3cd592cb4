import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { uptimePercent } from './heartbeat';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('uptime from heartbeats', () => {
  it('is the share of whole minutes since the first mark (last 24 h) in which some instance was up', async () => {
    const now = new Date('2030-01-01T12:00:30Z');
    expect(await uptimePercent(app.ctx, now)).toBeNull();
    const minutes: string[] = [];
    // 20 minutes on record, 1 of them missing (a restart): 95%.
    for (let i = 20; i >= 1; i--) if (i !== 7) minutes.push(new Date(now.getTime() - i * 60_000).toISOString().slice(0, 16));
    for (const minute of minutes) {
      await app.ctx.db.execute(sql`insert into job_notices (kind, subject_id, milestone) values ('heartbeat', 0, ${minute})`);
    }
    expect(await uptimePercent(app.ctx, now)).toBe(95);
  });
});
