import type { BenefitProgramme } from '@farmstand/shared/benefits/programmes';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopperBenefits } from '../../db/schema';

/**
 * The benefits a shopper saved for themselves (decision 516). Every function takes the signed-in
 * user's own id: nothing here reads another person's row, and no other module reads this table.
 */

export async function findUses(db: Db, userId: number): Promise<BenefitProgramme[]> {
  const [row] = await db
    .select({ uses: shopperBenefits.uses })
    .from(shopperBenefits)
    .where(eq(shopperBenefits.userId, userId))
    .limit(1);
  return row?.uses ?? [];
}

export async function saveUses(db: Db, userId: number, uses: BenefitProgramme[], at: Date) {
  await db
    .insert(shopperBenefits)
    .values({ userId, uses, updatedAt: at })
    .onConflictDoUpdate({ target: shopperBenefits.userId, set: { uses, updatedAt: at } });
}

export async function deleteUses(db: Db, userId: number) {
  await db.delete(shopperBenefits).where(eq(shopperBenefits.userId, userId));
}
