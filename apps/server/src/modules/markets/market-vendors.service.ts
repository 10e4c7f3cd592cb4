import type {
  MarketVendors,
  VendorApplication,
  VendorDecision,
  VendorDocument,
  VendorMemberships,
  VendorPlace,
} from '@farmstand/shared/schemas/markets';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { findUserByEmail } from '../auth';
import { type MarketRow, marketAccess } from './markets.access';
import { vendorMail } from './markets.mail';
import { checkCanApply, decisionOutcome } from './markets.policy';
import { certificationDocument, documentState, documentWarnings } from './markets.presenter';
import * as repo from './markets.repository';
import { existingMarket } from './markets.service';

/**
 * A market's vendors (issue 48 item 1, decision 581): a farm applies or the manager invites it; the
 * manager approves or declines an application (an invited farm accepts itself), and removes an
 * approved vendor. A declined or removed farm may apply again. Each farm links one of its own
 * market pickup places to the market. The farm hears of every manager's step by mail.
 */

const NOT_A_FARM = 'That address is not a farm’s account: invite the e-mail address the farm signs in with';
const NO_FARM_PROFILE = 'Set up your farm profile first: markets see your farm’s name, documents and products';

const today = (ctx: AppContext, market: MarketRow) => localDate(ctx.clock.now(), market.timeZone);

/** The manager's list: every farm that applied, was invited or decided, with its documents and warnings. */
export async function listVendors(ctx: AppContext, user: AuthUser, marketId: number): Promise<MarketVendors> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const rows = await repo.listVendors(ctx.db, marketId);
  const certifications = await repo.certificationsOf(
    ctx.db,
    rows.map((r) => r.producerId),
  );
  const day = today(ctx, market);
  return {
    vendors: rows.map((row) => {
      const documents: VendorDocument[] = certifications
        .filter((c) => c.producerId === row.producerId && c.status !== 'rejected')
        .map((c) => certificationDocument(c, day));
      if (row.wicFmnpAccepted) documents.push(authorisation('wic_fmnp', 'WIC FMNP authorisation', row.wicFmnpExpiresOn, day));
      if (row.seniorFmnpAccepted) {
        documents.push(authorisation('senior_fmnp', 'Senior FMNP authorisation', row.seniorFmnpExpiresOn, day));
      }
      const warnings = documentWarnings(documents);
      // At a market whose booth swipes SNAP the market is the authorised retailer; elsewhere a farm needs its own number.
      if (!market.boothSnap && !row.fnsNumber) warnings.push('No FNS number: this farm cannot take SNAP itself at this market');
      return {
        producerId: row.vendor.producerUserId,
        farmName: row.farmName,
        status: row.vendor.status,
        message: row.vendor.message,
        requestedAt: row.vendor.requestedAt.toISOString(),
        decidedAt: row.vendor.decidedAt?.toISOString() ?? null,
        decisionNote: row.vendor.decisionNote,
        fnsNumber: row.fnsNumber,
        place: row.vendor.pointId && row.placeName ? { id: row.vendor.pointId, name: row.placeName } : null,
        documents,
        warnings,
      };
    }),
  };
}

function authorisation(kind: string, label: string, expiresOn: string | null, day: string): VendorDocument {
  return { kind, label, number: null, expiresOn, state: documentState(expiresOn, day), url: null };
}

/** The manager invites a farm by its account's e-mail; the farm accepts on its markets page. */
export async function inviteVendor(ctx: AppContext, user: AuthUser, marketId: number, email: string): Promise<MarketVendors> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const account = await findUserByEmail(ctx.db, email);
  if (!account || account.status === 'deleted') throw notFound(NOT_A_FARM);
  if (account.userType !== 'producer') throw badRequest(NOT_A_FARM, 'email');
  const farm = await repo.findFarmAccount(ctx.db, account.id);
  if (!farm) throw badRequest('That account has no farm profile yet: ask the farm to set it up first', 'email');
  const existing = await repo.findVendor(ctx.db, marketId, account.id);
  if (existing?.status === 'approved') throw conflict(`${farm.farmName} is a vendor of this market already`);
  if (existing?.status === 'applied') throw conflict(`${farm.farmName} applied already: approve its application`);
  if (existing?.status !== 'invited') {
    await repo.saveVendor(ctx.db, {
      marketId,
      producerUserId: account.id,
      status: 'invited',
      message: '',
      pointId: existing?.pointId ?? null,
      requestedAt: ctx.clock.now(),
      decidedAt: null,
      decidedBy: user.id,
      decisionNote: null,
    });
  }
  await vendorMail(ctx, 'invited', farm, market, '');
  return listVendors(ctx, user, marketId);
}

const MAIL_OF = { approved: 'approved', declined: 'declined', removed: 'removed' } as const;

/** The manager approves or declines an application (or withdraws an invitation), or removes a vendor. */
export async function decideVendor(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  producerUserId: number,
  input: VendorDecision,
): Promise<MarketVendors> {
  const { market } = await marketAccess(ctx, user, marketId, 'manager');
  const vendor = await repo.findVendor(ctx.db, marketId, producerUserId);
  if (!vendor) throw notFound('This farm has not applied to or been invited by this market');
  const status = decisionOutcome(input.decision, vendor.status);
  await repo.saveVendor(ctx.db, {
    ...vendor,
    status,
    decidedAt: ctx.clock.now(),
    decidedBy: user.id,
    decisionNote: input.note || null,
  });
  const farm = await repo.findFarmAccount(ctx.db, producerUserId);
  if (farm) await vendorMail(ctx, MAIL_OF[status as keyof typeof MAIL_OF], farm, market, input.note);
  return listVendors(ctx, user, marketId);
}

export async function memberships(ctx: AppContext, user: AuthUser): Promise<VendorMemberships> {
  const rows = await repo.membershipsOf(ctx.db, user.id);
  return {
    memberships: rows.map((row) => ({
      market: row.market,
      status: row.vendor.status,
      place: row.vendor.pointId && row.placeName ? { id: row.vendor.pointId, name: row.placeName } : null,
      decisionNote: row.vendor.decisionNote,
      today: localDate(ctx.clock.now(), row.timeZone),
    })),
  };
}

/** One of the farm's own active market places, not linked to another market: else a 4xx saying which. */
async function checkOwnPlace(ctx: AppContext, user: AuthUser, marketId: number, pointId: number): Promise<void> {
  const point = await repo.findPoint(ctx.db, pointId);
  if (!point || point.producerUserId !== user.id || !point.active) {
    throw badRequest('Choose one of your own pickup places', 'pointId');
  }
  if (point.kind !== 'market')
    throw badRequest(`${point.name} is not a market place: choose a place of the kind “market”`, 'pointId');
  const other = await repo.marketLinkingPoint(ctx.db, pointId, marketId);
  if (other) throw conflict(`${point.name} is linked to ${other.name}: a place is at one market`);
}

/** A farm applies (again, after a decline or removal), with a message and optionally its place there. */
export async function applyToMarket(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  input: VendorApplication,
): Promise<VendorMemberships> {
  await existingMarket(ctx, marketId);
  if (!(await repo.findFarmAccount(ctx.db, user.id))) throw badRequest(NO_FARM_PROFILE);
  const existing = await repo.findVendor(ctx.db, marketId, user.id);
  checkCanApply(existing?.status ?? null);
  if (input.pointId !== null) await checkOwnPlace(ctx, user, marketId, input.pointId);
  await repo.saveVendor(ctx.db, {
    marketId,
    producerUserId: user.id,
    status: 'applied',
    message: input.message,
    pointId: input.pointId ?? existing?.pointId ?? null,
    requestedAt: ctx.clock.now(),
    decidedAt: null,
    decidedBy: null,
    decisionNote: null,
  });
  return memberships(ctx, user);
}

/** The invited farm accepts: it is an approved vendor at once (the manager chose it). */
export async function acceptInvitation(ctx: AppContext, user: AuthUser, marketId: number): Promise<VendorMemberships> {
  await existingMarket(ctx, marketId);
  const vendor = await repo.findVendor(ctx.db, marketId, user.id);
  if (vendor?.status === 'approved') return memberships(ctx, user); // accepted twice: the same answer
  if (vendor?.status !== 'invited') throw notFound('This market has not invited your farm');
  await repo.saveVendor(ctx.db, { ...vendor, status: 'approved', decidedAt: ctx.clock.now() });
  return memberships(ctx, user);
}

/** The farm links (or unlinks, with null) its own market place to a market it applied to or attends. */
export async function linkPlace(
  ctx: AppContext,
  user: AuthUser,
  marketId: number,
  input: VendorPlace,
): Promise<VendorMemberships> {
  await existingMarket(ctx, marketId);
  const vendor = await repo.findVendor(ctx.db, marketId, user.id);
  if (!vendor || (vendor.status !== 'approved' && vendor.status !== 'applied')) {
    throw forbidden('Only a farm that applied to or sells at this market links a place to it');
  }
  if (input.pointId !== null) await checkOwnPlace(ctx, user, marketId, input.pointId);
  await repo.setVendorPlace(ctx.db, vendor.id, input.pointId);
  return memberships(ctx, user);
}
