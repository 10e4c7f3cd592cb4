import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginFailures, subscriptions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type UserWithSubscription = UserRow & { subscription: SubscriptionRow | null };

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
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Sets a new password hash and bumps the token version, which ends every session issued before
 * (plugins/auth.ts compares the version on each request). Reset and change both come here.
 */
export async function setPassword(db: Db, id: number, passwordHash: string, extra: Partial<typeof users.$inferInsert> = {}) {
  await db
    .update(users)
    .set({ ...extra, passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Marks every still-usable token of that kind of the user as used: older e-mailed links die. */
export async function retireAuthTokens(db: Db, userId: number, kind: 'verify_email' | 'reset_password'): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** Holds the user's row until the transaction ends: one account's token requests queue up, on every instance. */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${id} for update`);
}

/** Tokens of a kind issued to the user since a moment: each one was an e-mail sent. */
export async function countAuthTokensSince(
  db: Db,
  userId: number,
  kind: 'verify_email' | 'reset_password',
  since: Date,
): Promise<number> {
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
export async function consumeAuthToken(
  db: Db,
  kind: 'verify_email' | 'reset_password',
  tokenHash: string,
): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** The account a token (used or not, expired or not) was issued to. */
export async function findAuthTokenOwner(
  db: Db,
  kind: 'verify_email' | 'reset_password',
  tokenHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)));
  return row?.user;
}

/** Failed sign-ins since a moment, and the oldest of them (when the lockout ends). */
export async function recentLoginFailures(db: Db, email: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestEpoch: sql<number | null>`extract(epoch from min(${loginFailures.createdAt}))::float8`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const oldestEpoch = row?.oldestEpoch == null ? null : Number(row.oldestEpoch);
  return { count: row?.count ?? 0, oldest: oldestEpoch === null ? null : new Date(oldestEpoch * 1000) };
}

export async function recordLoginFailure(db: Db, email: string): Promise<void> {
  await db.insert(loginFailures).values({ email });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
