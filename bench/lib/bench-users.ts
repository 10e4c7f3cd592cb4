import type pg from 'pg';
import { signAccessToken } from '../../apps/server/src/lib/tokens';

export type BenchUser = { id: number; email: string; token: string };

/**
 * `count` consumers straight in the bench database, e-mailed `<family>-<prefix>-<n>@bench.test`, with
 * tokens signed by the server's secret (no password sign-in: its hashing would only add noise).
 * `deleteBenchUsers(pool, family)` removes a section's users again.
 */
export async function createBenchUsers(
  pool: pg.Pool,
  secret: string,
  family: string,
  count: number,
  prefix: string,
): Promise<BenchUser[]> {
  const { rows } = await pool.query<{ id: number; email: string }>(
    `insert into users (email, password_hash, user_type, email_verified)
     select $3 || '-' || $2 || '-' || g || '@bench.test', 'not-a-hash', 'consumer', true from generate_series(1, $1) g
     returning id, email`,
    [count, prefix, family],
  );
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      token: await signAccessToken({ id: row.id, email: row.email, userType: 'consumer' }, secret),
    })),
  );
}

export async function deleteBenchUsers(pool: pg.Pool, family: string): Promise<void> {
  await pool.query('delete from users where email like $1', [`${family}-%@bench.test`]);
}
