import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginFailures, subscriptions, users } from '../../db/schema';
import type { UserWithSubscription } from '../../plugins/auth-users';

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type { UserWithSubscription };
export type AuthTokenKind = (typeof authTokens.$inferInsert)['kind'];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserWithSubscription(db: Db, id: number): Promise<UserWithSubscription | undefined> {
  const [row] = await db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, id));
  return row ? { ...row.user, subscription: row.subscription } : undefined;
}

export async function insertUser(
  db: Db,
  values: typeof users.$inferInsert,
  subscription: Omit<typeof subscriptions.$inferInsert, 'userId'>,
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(subscriptions).values({ ...subscription, userId: user.id });
  return user;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Sets the user's subscription, making its row when there is none. */
export async function upsertSubscription(
  db: Db,
  userId: number,
  values: Omit<typeof subscriptions.$inferInsert, 'userId'>,
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Sets a new password hash and bumps the token version, which ends every session issued before
 * (plugins/auth.ts compares the version on each request). Reset and change both come here.
 */
export async function setPassword(db: Db, id: number, passwordHash: string, extra: Partial<typeof users.$inferInsert> = {}) {
  await db
    .update(users)
    .set({ ...extra, passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Marks every still-usable token of that kind of the user as used: older e-mailed links die. */
export async function retireAuthTokens(db: Db, userId: number, kind: AuthTokenKind, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** Holds the user's row until the transaction ends: one account's token requests queue up, on every instance. */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${id} for update`);
}

/** Tokens of a kind issued to the user since a moment: each one was an e-mail sent. */
export async function countAuthTokensSince(db: Db, userId: number, kind: AuthTokenKind, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), gt(authTokens.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertAuthToken(db: Db, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Marks a live token used and returns its user id; null when missing, used or expired. */
export async function consumeAuthToken(db: Db, kind: AuthTokenKind, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** The account a token (used or not, expired or not) was issued to. */
export async function findAuthTokenOwner(db: Db, kind: AuthTokenKind, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)));
  return row?.user;
}

type FailureCount = { count: number; oldest: Date | null };

const epochToDate = (epoch: number | null | undefined) => (epoch == null ? null : new Date(Number(epoch) * 1000));

/**
 * Failed sign-ins since a moment: for the account from this client address (the pair) and for the
 * account from everywhere, each with its oldest failure (when that lockout ends).
 */
export async function recentLoginFailures(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<{ pair: FailureCount; account: FailureCount }> {
  const [row] = await db
    .select({
      accountCount: sql<number>`count(*)::int`,
      accountOldest: sql<number | null>`extract(epoch from min(${loginFailures.createdAt}))::float8`,
      pairCount: sql<number>`(count(*) filter (where ${loginFailures.ip} = ${ip}))::int`,
      pairOldest: sql<
        number | null
      >`extract(epoch from min(${loginFailures.createdAt}) filter (where ${loginFailures.ip} = ${ip}))::float8`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  return {
    pair: { count: row?.pairCount ?? 0, oldest: epochToDate(row?.pairOldest) },
    account: { count: row?.accountCount ?? 0, oldest: epochToDate(row?.accountOldest) },
  };
}

export async function recordLoginFailure(db: Db, email: string, ip: string, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, ip, createdAt: at });
}

/** Forgets the account's failures from one address (a sign-in there succeeded), or from everywhere. */
export async function clearLoginFailures(db: Db, email: string, ip?: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(ip === undefined ? eq(loginFailures.email, email) : and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}
