import type { UserType } from '@farmstand/shared';
import { plusDays } from '@farmstand/shared/format/date-only';
import { eq } from 'drizzle-orm';
import { standHelpers, users } from '../db/schema';
import { keepMailCopies, mailCopiesTo } from '../lib/mail-copies';
import { signAccessToken } from '../lib/tokens';
import { insertUser } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { listingIndexCaughtUp } from '../modules/search/listing-index/listing-index.service';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | null = null;
let sequence = 0;

export type TestUser = { id: number; email: string; userType: UserType; token: string; password: string };

/** A user straight in the database (verified unless told otherwise) with a valid token. */
export async function buildUser(
  app: TestApp,
  overrides: { userType?: UserType; email?: string; emailVerified?: boolean; status?: 'active' | 'suspended' } = {},
): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const userType = overrides.userType ?? 'consumer';
  const email = overrides.email ?? `${userType}-${process.pid}-${++sequence}@example.com`;
  const user = await insertUser(
    app.ctx.db,
    {
      email,
      passwordHash: await cachedHash,
      userType,
      emailVerified: overrides.emailVerified ?? true,
      status: overrides.status ?? 'active',
    },
    userType === 'producer' ? { status: 'trialing', trialEndsAt: plusDays(app.ctx.clock.now(), 30) } : { status: 'none' },
  );
  const token = await signAccessToken(user, app.ctx.config.jwtSecret);
  return { id: user.id, email, userType, token, password: TEST_PASSWORD };
}

/** A stand helper of the farm (decision 579), straight in the database, with a valid token. */
export async function buildStandHelper(app: TestApp, farmUserId: number, name = 'Sam Helper'): Promise<TestUser> {
  const helper = await buildUser(app, { userType: 'stand_helper' });
  await app.ctx.db.insert(standHelpers).values({ userId: helper.id, farmUserId, name, addedAt: app.ctx.clock.now() });
  return helper;
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

// The outbox rows lose their one-time links once delivered; tests read the mails as
// delivered from this process's copies, kept from the moment a test file loads the factories.
keepMailCopies();

/** The newest link of a kind that the app e-mailed to this address (as delivered: logged or sent). */
export async function lastEmailLink(_app: TestApp, to: string, pathPrefix: string): Promise<string> {
  const bodies = mailCopiesTo(to).map((copy) => copy.body);
  for (const body of bodies) {
    const match = body.match(new RegExp(`https?://\\S+${pathPrefix}\\S*`));
    if (match) return match[0];
  }
  throw new Error(`no ${pathPrefix} link e-mailed to ${to}`);
}

export async function setUserStatus(app: TestApp, id: number, status: 'active' | 'suspended' | 'deleted') {
  await app.ctx.db.update(users).set({ status }).where(eq(users.id, id));
  // Search hides (or shows) the producer once its index holds the change (decision 460).
  await listingIndexCaughtUp(app.ctx);
}
