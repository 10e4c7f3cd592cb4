import type { Market, MarketInput, MyMarkets, StaffList } from '@farmstand/shared/schemas/markets';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { findUserByEmail } from '../auth';
import { loadBenefitTable } from '../benefits';
import { findMarket, marketAccess, staffRoleOf } from './markets.access';
import { checkMarketInput, freeSlug, slugOf } from './markets.policy';
import { presentMarket } from './markets.presenter';
import * as repo from './markets.repository';

/**
 * Markets and who runs them (issue 48 item 1, decision 581): an admin creates a market and grants
 * its managers; a manager edits only their markets and adds the info booth's volunteers.
 */

const NO_ACCOUNT = 'There is no Farmstand account with that e-mail address: ask them to sign up first';

async function checkedInput(ctx: AppContext, input: MarketInput): Promise<repo.MarketValues> {
  checkMarketInput(input, await loadBenefitTable(ctx.db));
  return { ...input, closedDates: [...new Set(input.closedDates)].sort() };
}

/** Admin: a new market, its slug made from its name (another number added when the name's is taken). */
export async function createMarket(ctx: AppContext, input: MarketInput): Promise<Market> {
  const values = await checkedInput(ctx, input);
  const base = slugOf(input.name);
  // Two admins creating the same name at once: the loser of the unique index takes the next slug.
  for (let attempt = 0; attempt < 3; attempt++) {
    const slug = freeSlug(base, await repo.slugsLike(ctx.db, base));
    try {
      return presentMarket(await repo.insertMarket(ctx.db, slug, values));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw conflict('Another market with this name was created at the same moment: try again');
}

export async function allMarkets(ctx: AppContext): Promise<{ markets: Market[] }> {
  return { markets: (await repo.allMarkets(ctx.db)).map(presentMarket) };
}

export async function getSettings(ctx: AppContext, user: AuthUser, marketId: number): Promise<Market> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  return presentMarket(market);
}

/** A manager saves the market's fields; its slug (its page's address) stays as it was made. */
export async function saveSettings(ctx: AppContext, user: AuthUser, marketId: number, input: MarketInput): Promise<Market> {
  await marketAccess(ctx, user, marketId, 'manager');
  return presentMarket(await repo.updateMarket(ctx.db, marketId, await checkedInput(ctx, input)));
}

async function staffList(db: Db, marketId: number): Promise<StaffList> {
  const rows = await repo.listStaff(db, marketId);
  return {
    staff: rows.map((row) => ({
      userId: row.userId,
      name: row.farmName ?? row.email.split('@')[0],
      email: row.email,
      role: row.role,
      addedAt: row.addedAt.toISOString(),
    })),
  };
}

/** The account an e-mail names, as one who can help run a market (any account but a farm's stand helper). */
async function staffAccount(ctx: AppContext, email: string) {
  const account = await findUserByEmail(ctx.db, email);
  if (!account || account.status === 'deleted') throw notFound(NO_ACCOUNT);
  if (account.status !== 'active') throw badRequest('That account is suspended: it cannot help run a market', 'email');
  if (account.userType === 'stand_helper') {
    throw badRequest('A farm’s stand helper account runs only that farm’s stand: use another address', 'email');
  }
  return account;
}

/** Admin: makes an account a manager of the market (a volunteer there becomes a manager). */
export async function addManager(ctx: AppContext, admin: AuthUser, marketId: number, email: string): Promise<StaffList> {
  await marketAccess(ctx, admin, marketId, 'manager');
  const account = await staffAccount(ctx, email);
  await repo.saveStaff(ctx.db, { marketId, userId: account.id, role: 'manager', addedBy: admin.id, addedAt: ctx.clock.now() });
  return staffList(ctx.db, marketId);
}

export async function removeManager(ctx: AppContext, admin: AuthUser, marketId: number, userId: number): Promise<StaffList> {
  await marketAccess(ctx, admin, marketId, 'manager');
  if (!(await repo.deleteStaff(ctx.db, marketId, userId, 'manager')))
    throw notFound('That account is not a manager of this market');
  return staffList(ctx.db, marketId);
}

export async function listStaff(ctx: AppContext, user: AuthUser, marketId: number): Promise<StaffList> {
  await marketAccess(ctx, user, marketId, 'manager');
  return staffList(ctx.db, marketId);
}

/** A manager adds a booth volunteer; a manager stays a manager (an admin removes managers). */
export async function addVolunteer(ctx: AppContext, user: AuthUser, marketId: number, email: string): Promise<StaffList> {
  await marketAccess(ctx, user, marketId, 'manager');
  const account = await staffAccount(ctx, email);
  const role = await staffRoleOf(ctx.db, marketId, account.id);
  if (role === 'manager') throw conflict(`${account.email} is a manager of this market already`);
  if (role === 'volunteer') throw conflict(`${account.email} is a volunteer here already`);
  await repo.saveStaff(ctx.db, { marketId, userId: account.id, role: 'volunteer', addedBy: user.id, addedAt: ctx.clock.now() });
  return staffList(ctx.db, marketId);
}

export async function removeVolunteer(ctx: AppContext, user: AuthUser, marketId: number, userId: number): Promise<StaffList> {
  await marketAccess(ctx, user, marketId, 'manager');
  if (!(await repo.deleteStaff(ctx.db, marketId, userId, 'volunteer'))) {
    throw notFound('That account is not a volunteer of this market');
  }
  return staffList(ctx.db, marketId);
}

export async function myMarkets(ctx: AppContext, user: AuthUser): Promise<MyMarkets> {
  return { markets: await repo.marketsOfStaff(ctx.db, user.id) };
}

/** The market of a farm's own request (apply, accept, link a place): any signed-in farm may ask, so only a 404 here. */
export async function existingMarket(ctx: AppContext, marketId: number) {
  const market = await findMarket(ctx.db, marketId);
  if (!market) throw notFound('Market not found');
  return market;
}
