import { and, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderTenders, standHelpers, standInvitations, users } from '../../db/schema';

/** Stand helpers and their invitations (decision 579). */

export type HelperRow = typeof standHelpers.$inferSelect;
export type InvitationRow = typeof standInvitations.$inferSelect;

/** The farm a stand helper's account runs the stand for, while they are its helper. */
export async function findHelper(db: Db, userId: number): Promise<HelperRow | undefined> {
  const [row] = await db.select().from(standHelpers).where(eq(standHelpers.userId, userId)).limit(1);
  return row;
}

/** The farm's current helpers, with the moment of the last tender each recorded (a sale or a pickup). */
export async function listHelpers(db: Db, farmUserId: number) {
  const lastRecorded = db
    .select({ by: orderTenders.recordedBy, at: max(orderTenders.recordedAt).as('at') })
    .from(orderTenders)
    .groupBy(orderTenders.recordedBy)
    .as('last_recorded');
  return db
    .select({ helper: standHelpers, email: users.email, lastRecordedAt: lastRecorded.at })
    .from(standHelpers)
    .innerJoin(users, eq(users.id, standHelpers.userId))
    .leftJoin(lastRecorded, eq(lastRecorded.by, standHelpers.userId))
    .where(and(eq(standHelpers.farmUserId, farmUserId), isNull(standHelpers.removedAt)))
    .orderBy(standHelpers.name);
}

/** The farm's invitations still waiting: not used, not revoked, not expired. */
export async function pendingInvitations(db: Db, farmUserId: number, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(standInvitations)
    .where(
      and(
        eq(standInvitations.farmUserId, farmUserId),
        isNull(standInvitations.usedAt),
        isNull(standInvitations.revokedAt),
        gt(standInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(standInvitations.createdAt));
}

/** Invitations the farm made since a moment (each one a mail sent). */
export async function countInvitationsSince(db: Db, farmUserId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(standInvitations)
    .where(and(eq(standInvitations.farmUserId, farmUserId), gt(standInvitations.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertInvitation(db: Db, values: typeof standInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(standInvitations).values(values).returning();
  return row;
}

/** Revokes the farm's unused invitations: one of them (by id), or every one to an address. */
export async function revokeInvitations(
  db: Db,
  farmUserId: number,
  which: { id: number } | { email: string },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(standInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(standInvitations.farmUserId, farmUserId),
        'id' in which ? eq(standInvitations.id, which.id) : eq(standInvitations.email, which.email),
        isNull(standInvitations.usedAt),
        isNull(standInvitations.revokedAt),
      ),
    )
    .returning({ id: standInvitations.id });
  return rows.length;
}

/** An invitation by its link's hash (used, revoked or expired ones too: the caller says why it fails). */
export async function findInvitation(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(standInvitations).where(eq(standInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a live invitation used by the helper account it made; false when it was used or revoked meanwhile. */
export async function useInvitation(db: Db, id: number, helperUserId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(standInvitations)
    .set({ usedAt: now, helperUserId })
    .where(and(eq(standInvitations.id, id), isNull(standInvitations.usedAt), isNull(standInvitations.revokedAt)))
    .returning({ id: standInvitations.id });
  return rows.length === 1;
}

/** Makes the account the farm's helper again (a removed helper invited back) or for the first time. */
export async function saveHelper(db: Db, values: { userId: number; farmUserId: number; name: string; addedAt: Date }) {
  await db
    .insert(standHelpers)
    .values(values)
    .onConflictDoUpdate({
      target: standHelpers.userId,
      set: { farmUserId: values.farmUserId, name: values.name, addedAt: values.addedAt, removedAt: null },
    });
}

/** Marks the farm's helper removed; false when they are not (or no longer) its helper. */
export async function markRemoved(db: Db, farmUserId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(standHelpers)
    .set({ removedAt: now })
    .where(and(eq(standHelpers.userId, userId), eq(standHelpers.farmUserId, farmUserId), isNull(standHelpers.removedAt)))
    .returning({ id: standHelpers.userId });
  return rows.length === 1;
}

/** Closes a helper's account: no sign-in (status), and every session ends at once (token version). */
export async function closeAccount(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ status: 'deleted', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
