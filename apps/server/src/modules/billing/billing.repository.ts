import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, subscriptions, users } from '../../db/schema';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
type SubscriptionChanges = Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>;

export async function findSubscription(db: Db, userId: number): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function findSubscriptionByCustomer(db: Db, customerId: string): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, customerId));
  return row;
}

/** Creates the user's subscription row or changes it; every user has at most one. */
export async function saveSubscription(db: Db, userId: number, changes: SubscriptionChanges): Promise<SubscriptionRecord> {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

export async function paymentExists(db: Db, providerRef: string): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, providerRef));
  return Boolean(row);
}

export async function findUserType(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ userType: users.userType, status: users.status }).from(users).where(eq(users.id, userId));
  return row && row.status !== 'deleted' ? row.userType : undefined;
}
