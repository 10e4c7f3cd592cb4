import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/tokens';
import { seedDemoDataIfEmpty } from '../../seed/demo';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-catalogue-demo-'));
  app = await buildTestApp({ dataDir });
  await seedDemoDataIfEmpty(app.ctx);
}, 300_000);

afterAll(async () => {
  await app.closeAll();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo catalogue by spreadsheet', () => {
  it('round-trips every demo farm’s catalogue: no problems, nothing changed, byte-identical', async () => {
    const farms = (
      await app.ctx.db.execute<{ id: number; email: string; token_version: number; products: number }>(sql`
        select u.id, u.email, u.token_version, count(p.id)::int as products from users u
        join producers pr on pr.user_id = u.id join products p on p.producer_id = pr.id and p.active
        group by u.id order by u.id`)
    ).rows;
    expect(farms.length).toBeGreaterThan(0);
    for (const farm of farms) {
      const token = await signAccessToken(
        { id: farm.id, email: farm.email, userType: 'producer', tokenVersion: farm.token_version },
        app.ctx.config.jwtSecret,
      );
      const headers = { authorization: `Bearer ${token}` };
      const exported = await app.inject({ method: 'GET', url: '/api/products/catalogue.csv', headers });
      expect(exported.statusCode).toBe(200);
      const imported = await app.inject({
        method: 'POST',
        url: '/api/products/catalogue?dryRun=false',
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: exported.rawPayload,
      });
      expect({ farm: farm.email, ...imported.json() }).toMatchObject({
        farm: farm.email,
        problems: [],
        written: true,
        created: 0,
        updated: 0,
        unchanged: farm.products,
      });
      const again = await app.inject({ method: 'GET', url: '/api/products/catalogue.csv', headers });
      expect(Buffer.compare(again.rawPayload, exported.rawPayload)).toBe(0);
    }
  }, 300_000);
});
