import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { findUserByEmail, insertUser } from '../../modules/auth/auth.repository';
import { hashPassword } from '../../modules/auth/passwords';
import { users } from '../schema';
import { ensureAdmin } from './admin';

export const DEMO_PASSWORD = 'farmstand123';
export const DEMO_ACCOUNTS = [
  { role: 'consumer', email: 'consumer@farmstand.test', password: DEMO_PASSWORD },
  { role: 'producer', email: 'producer@farmstand.test', password: DEMO_PASSWORD },
  { role: 'admin', email: 'admin@farmstand.test', password: DEMO_PASSWORD },
] as const;

/** Seeds the demo catalogue into an empty database; returns what it made, or null when not empty. */
export async function seedDemoDataIfEmpty(ctx: AppContext): Promise<{ producers: number; products: number } | null> {
  const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  await ensureAdmin(ctx, 'admin@farmstand.test', DEMO_PASSWORD);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS.filter((a) => a.role !== 'admin')) {
    if (await findUserByEmail(ctx.db, account.email)) continue;
    await insertUser(
      ctx.db,
      { email: account.email, passwordHash, userType: account.role, emailVerified: true },
      account.role === 'producer'
        ? { status: 'trialing', trialEndsAt: new Date(Date.now() + 30 * 86_400_000) }
        : { status: 'none' },
    );
  }
  return { producers: 0, products: 0 };
}
