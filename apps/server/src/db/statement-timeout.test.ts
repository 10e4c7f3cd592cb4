import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { SEARCH_STATEMENT_TIMEOUT_MS } from '../modules/search/search.service';
import { buildTestApp, type TestApp } from '../test/test-app';
import { withStatementTimeout } from './statement-timeout';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

describe('withStatementTimeout', () => {
  it('answers what finishes in time', async () => {
    const rows = await withStatementTimeout(app.ctx.database, 2000, 'busy', async (db) => {
      const result = await db.execute<{ n: number }>(sql`select 1 as n`);
      return result.rows;
    });
    expect(rows.map((r) => Number(r.n))).toEqual([1]);
  });

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'cancels a statement that outlives the limit with a 503 that says what to do, and the next request runs unbounded',
    async () => {
      const started = Date.now();
      const failure = await withStatementTimeout(app.ctx.database, 200, 'Try a narrower search.', (db) =>
        db.execute(sql`select pg_sleep(5)`),
      ).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ statusCode: 503, message: 'Try a narrower search.', retryAfterSeconds: 5 });
      // `set local`: the limit ended with its transaction and reaches no other statement.
      for (let i = 0; i < 5; i++) {
        const result = await app.ctx.db.execute<{ timeout: string }>(sql`select current_setting('statement_timeout') as timeout`);
        expect(result.rows[0].timeout).toBe('0');
      }
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    "bounds the search's SQL path: a producer search that cannot finish answers 503 with a message, not a request held for minutes",
    async () => {
      // A statement that cannot finish: the table it reads is locked until the search has answered.
      const answer = await app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`lock table search_producers in access exclusive mode`);
        return app.inject({ method: 'GET', url: `/api/search/producers?search=${encodeURIComponent('café')}` });
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toMatch(/taking too long.*Try/);
      expect(answer.headers['retry-after']).toBe('5');
      const after = await app.inject({ method: 'GET', url: `/api/search/producers?search=${encodeURIComponent('café')}` });
      expect(after.statusCode).toBe(200);
    },
    SEARCH_STATEMENT_TIMEOUT_MS + 10_000,
  );
});
