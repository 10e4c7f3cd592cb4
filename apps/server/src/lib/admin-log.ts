import type { Db } from '../db/client';
import { adminLogs } from '../db/schema';

/**
 * An admin's action, recorded in the transaction of the write it made, by whichever module made it
 * (admin, billing, benefits); the admin pages list them.
 */
export async function insertAdminLog(db: Db, values: typeof adminLogs.$inferInsert): Promise<void> {
  await db.insert(adminLogs).values(values);
}
