import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_TOO_LARGE } from '../lib/errors';
import { buildTestApp, type TestApp } from '../test/test-app';
import { errorsPlugin } from './errors';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

describe('the error handler', () => {
  it('answers 400 with a sentence, never a 500, when a number is too large for its column on any write path', async () => {
    const server = Fastify();
    await server.register(errorsPlugin);
    server.post('/overflow', async () => {
      // The database's own numeric_value_out_of_range (22003), as any money column raises it.
      await app.ctx.db.execute(sql`select 123456789012.34::numeric(10,2)`);
      return { ok: true };
    });
    const answer = await server.inject({ method: 'POST', url: '/overflow' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: NUMBER_TOO_LARGE });
    await server.close();
  });

  it('answers an over-long or malformed path part with a sentence, never echoing the path, with the hardening headers', async () => {
    const long = `/api/standing/links/skip/${'a'.repeat(5000)}`;
    const tooLong = await app.inject({ method: 'POST', url: long });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: 'That address is too long' });
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
    expect(tooLong.headers['content-security-policy']).toContain("default-src 'self'");
    const bad = await app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'That address is not valid' });
  });
});
