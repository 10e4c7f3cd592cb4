import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketStaff, markets, marketVendors } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * Who may do what at a market (decision 581), in one place: every market route names the least it
 * needs and calls `marketAccess` with the market id of its path.
 * - 'manager': the market's managers (an admin grants them) and admins;
 * - 'staff': managers and the booth's volunteers, and admins;
 * - 'vendor': a farm the market approved (for its own reports), its managers and admins.
 * A market that does not exist is a 404 for everyone; another market's manager gets a 403.
 */
export type MarketNeed = 'manager' | 'staff' | 'vendor';
export type MarketRow = typeof markets.$inferSelect;
export type MarketActor = { market: MarketRow; role: 'admin' | 'manager' | 'volunteer' | 'vendor' };

export const MARKET_DENIED: Record<MarketNeed, string> = {
  manager: 'Only this market’s managers can do this',
  staff: 'Only this market’s managers and booth volunteers can do this',
  vendor: 'Only this market’s approved vendors and its managers can do this',
};

export async function findMarket(db: Db, marketId: number): Promise<MarketRow | undefined> {
  const [row] = await db.select().from(markets).where(eq(markets.id, marketId)).limit(1);
  return row;
}

export async function staffRoleOf(db: Db, marketId: number, userId: number): Promise<'manager' | 'volunteer' | null> {
  const [row] = await db
    .select({ role: marketStaff.role })
    .from(marketStaff)
    .where(and(eq(marketStaff.marketId, marketId), eq(marketStaff.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

async function isApprovedVendor(db: Db, marketId: number, producerUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: marketVendors.status })
    .from(marketVendors)
    .where(and(eq(marketVendors.marketId, marketId), eq(marketVendors.producerUserId, producerUserId)))
    .limit(1);
  return row?.status === 'approved';
}

export async function marketAccess(ctx: AppContext, user: AuthUser, marketId: number, need: MarketNeed): Promise<MarketActor> {
  const market = await findMarket(ctx.db, marketId);
  if (!market) throw notFound('Market not found');
  if (user.userType === 'admin') return { market, role: 'admin' };
  const role = await staffRoleOf(ctx.db, marketId, user.id);
  if (role === 'manager') return { market, role };
  if (role === 'volunteer' && need === 'staff') return { market, role };
  if (need === 'vendor' && user.userType === 'producer' && (await isApprovedVendor(ctx.db, marketId, user.id)))
    return { market, role: 'vendor' };
  throw forbidden(MARKET_DENIED[need]);
}

/**
 * A market route's `preValidation` step: the caller without the role is refused before the body is
 * read, as every route's access is (an empty body from a shopper is a 403, not a 400 that tells them
 * what to send). The service still calls `marketAccess` itself: this only puts the refusal first.
 */
export const marketGate = (ctx: AppContext, need: MarketNeed) => async (request: { user?: unknown; params: unknown }) => {
  const user = request.user as AuthUser | null | undefined;
  const id = Number((request.params as { id?: unknown }).id);
  if (user && Number.isSafeInteger(id) && id > 0) await marketAccess(ctx, user, id, need);
};

/**
 * Whether the account manages a market the farm applied to, was invited to or sells at: such a
 * manager may open the farm's certification documents to decide on it (decision 581).
 */
export async function managesVendor(db: Db, userId: number, producerUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ marketId: marketStaff.marketId })
    .from(marketStaff)
    .innerJoin(marketVendors, eq(marketVendors.marketId, marketStaff.marketId))
    .where(
      and(
        eq(marketStaff.userId, userId),
        eq(marketStaff.role, 'manager'),
        eq(marketVendors.producerUserId, producerUserId),
        inArray(marketVendors.status, ['applied', 'invited', 'approved']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
