import { type BenefitProgramme, type Incentive, TENDER_KINDS, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type {
  AdminBenefitsList,
  AdminBenefitsTotals,
  ProducerBenefitsRequest,
  PublicBenefits,
  SnapStatus,
} from '@farmstand/shared/schemas/benefits';
import type { z } from 'zod';
import { insertAdminLog } from '../../lib/admin-log';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { farmToday } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { buildLedger, ledgerCsv, ledgerFileName, ledgerPdf } from './benefits.ledger';
import { couponDateRefusal, incentiveAt, takesOn } from './benefits.policy';
import { presentAdminRow, presentMine, presentPublic, snapStatusMessage } from './benefits.presenter';
import * as repo from './benefits.repository';
import { incentiveOfState, loadBenefitTable } from './programmes.service';

type SaveInput = z.output<typeof ProducerBenefitsRequest>;

/**
 * Benefits at pickup (decision 516): the farm says which benefits it takes, an admin verifies its
 * SNAP retailer number, the order shows what each benefit can pay, the farm records what was
 * tendered (refused above the rules of `packages/shared/src/benefits/eligibility.ts`), and downloads
 * the month's ledger. Farmstand never takes, holds or processes a benefit.
 */

const NO_FARM = 'Set up your farm profile first: the benefits you can take follow your farm’s state';

async function ownFarm(ctx: AppContext, producer: AuthUser) {
  const farm = await repo.findFarm(ctx.db, producer.id);
  if (!farm) throw notFound(NO_FARM);
  return farm;
}

export async function mine(ctx: AppContext, producer: AuthUser) {
  const farm = await ownFarm(ctx, producer);
  const row = await repo.findBenefits(ctx.db, producer.id);
  const incentive = await incentiveOfState(ctx.db, farm.state);
  return {
    benefits: presentMine(row, farm.state, incentive, await repo.marketPlaces(ctx.db, producer.id)),
    message: snapStatusMessage(row),
  };
}

/**
 * Saves what the farm takes. A new or changed FNS number waits for an admin (pending, the old
 * note cleared); no number is 'none'; the same number keeps its review. A coupon the farm takes
 * must have an authorisation that has not ended.
 */
export async function saveMine(ctx: AppContext, producer: AuthUser, input: SaveInput) {
  const farm = await ownFarm(ctx, producer);
  const today = await farmToday(ctx);
  const refusal =
    couponDateRefusal('wic_fmnp', 'WIC FMNP', input.wic_fmnp, today) ??
    couponDateRefusal('senior_fmnp', 'Senior FMNP', input.senior_fmnp, today);
  if (refusal) throw refusal;
  const incentive = await incentiveOfState(ctx.db, farm.state);
  const current = await repo.findBenefits(ctx.db, producer.id);
  // The farm's own market from before decision 540: kept unless the request names one (or none).
  const market =
    input.incentive_market === undefined
      ? (current?.incentiveMarket ?? null)
      : input.incentive_market
        ? marketOf(incentive, input.incentive_market)
        : null;
  const fns = input.fns_number;
  const snap =
    fns === null
      ? { snapStatus: 'none' as SnapStatus, snapNote: null, snapReviewedAt: null, snapReviewedBy: null }
      : fns !== current?.fnsNumber
        ? { snapStatus: 'pending' as SnapStatus, snapNote: null, snapReviewedAt: null, snapReviewedBy: null }
        : {
            snapStatus: current.snapStatus,
            snapNote: current.snapNote,
            snapReviewedAt: current.snapReviewedAt,
            snapReviewedBy: current.snapReviewedBy,
          };
  await repo.saveBenefits(
    ctx.db,
    producer.id,
    {
      fnsNumber: fns,
      ...snap,
      wicFmnpAccepted: input.wic_fmnp.accepted,
      wicFmnpExpiresOn: input.wic_fmnp.expires_on,
      seniorFmnpAccepted: input.senior_fmnp.accepted,
      seniorFmnpExpiresOn: input.senior_fmnp.expires_on,
      incentiveMarket: market,
    },
    ctx.clock.now(),
  );
  const row = await repo.findBenefits(ctx.db, producer.id);
  const notes = [
    snap.snapStatus === 'pending' ? 'Saved. An admin checks your FNS number before shoppers see that you take SNAP.' : 'Saved.',
  ];
  if (input.incentive_market && !incentive)
    notes.push('Farmstand knows no incentive programme running in your state, so shoppers are not shown one.');
  return {
    benefits: presentMine(row, farm.state, incentive, await repo.marketPlaces(ctx.db, producer.id)),
    message: notes.join(' '),
  };
}

/**
 * The farm's market as the incentive lists it: where an admin listed the participating markets, the
 * farm's must be one of them (spelled as the list spells it); with no list (or no incentive), the
 * farm's own words.
 */
export function marketOf(incentive: Incentive | null, market: string): string {
  if (!incentive || incentive.markets.length === 0) return market;
  const listed = incentive.markets.find((m) => m.toLowerCase() === market.toLowerCase());
  if (!listed)
    throw badRequest(
      `${market} is not a participating market of ${incentive.name}. Choose one of: ${incentive.markets.join(', ')}`,
      'incentive_market',
    );
  return listed;
}

/**
 * What a farm takes now, for badges and plans (anyone): the incentive, where its places offer one
 * (`incentiveAt`, decision 540), with each such place, so checkout shows the match only at those.
 */
export async function publicBenefits(ctx: AppContext, userId: number): Promise<PublicBenefits> {
  const farm = await repo.findFarm(ctx.db, userId);
  if (!farm) throw notFound('Farm not found');
  const row = await repo.findBenefits(ctx.db, userId);
  const table = await loadBenefitTable(ctx.db);
  const places = (await repo.marketPlaces(ctx.db, userId)).flatMap((place) => {
    const offered = incentiveAt(table, { state: place.state, incentiveMarket: place.market });
    return offered ? [{ ...place, ...offered }] : [];
  });
  return presentPublic(userId, farm.state, takesOn(row, farm.state, await farmToday(ctx), places), places);
}

/** Of the benefits a shopper plans to pay with, those the farm takes on the pickup day (`takesOn`, the one rule). */
export async function plannedTakenOn(
  ctx: AppContext,
  farm: { userId: number; state: string | null },
  planned: readonly BenefitProgramme[],
  pickupDay: string,
): Promise<BenefitProgramme[]> {
  if (planned.length === 0) return [];
  // The incentive is no planned benefit (it matches them), so no place is read.
  const takes = takesOn(await repo.findBenefits(ctx.db, farm.userId), farm.state ?? '', pickupDay, []);
  return planned.filter((programme) => takes.includes(programme));
}

/**
 * The benefits a shopper plans to pay an order (or a standing reservation's orders) with, told to
 * the farm (decision 516): each must be one the farm takes on the pickup day, else 400 naming it.
 * Nothing is read when the shopper chose none.
 */
export async function assertTakesPlanned(
  ctx: AppContext,
  farm: { userId: number; farmName: string; state: string | null },
  planned: readonly BenefitProgramme[],
  pickupDay: string,
) {
  const taken = await plannedTakenOn(ctx, farm, planned, pickupDay);
  const refused = planned.find((programme) => !taken.includes(programme));
  if (refused)
    throw badRequest(
      `${farm.farmName} does not take ${TENDER_LABELS[refused]} for a pickup on ${formatDateOnly(pickupDay, { weekday: 'long', month: 'long', day: 'numeric' })}; untick it to place your reservation`,
      'plannedBenefits',
    );
}

// --- the monthly ledger ---------------------------------------------------------------------------

export type LedgerFile =
  | { format: 'json'; ledger: ReturnType<typeof buildLedger>['ledger'] }
  | { format: 'csv' | 'pdf'; body: Buffer; filename: string };

export async function ledger(
  ctx: AppContext,
  producer: AuthUser,
  query: { month: string; format: 'json' | 'csv' | 'pdf' },
): Promise<LedgerFile> {
  const farm = await ownFarm(ctx, producer);
  const rows = await repo.tendersOfMonth(ctx.db, producer.id, query.month);
  const built = buildLedger(query.month, farm.farmName, rows);
  if (query.format === 'json') return { format: 'json', ledger: built.ledger };
  if (query.format === 'csv')
    return {
      format: 'csv',
      body: Buffer.from(ledgerCsv(built.ledger, built.markets), 'utf8'),
      filename: ledgerFileName(query.month, 'csv'),
    };
  return {
    format: 'pdf',
    body: Buffer.from(await ledgerPdf(built.ledger, built.markets)),
    filename: ledgerFileName(query.month, 'pdf'),
  };
}

// --- admin ----------------------------------------------------------------------------------------

export async function adminList(ctx: AppContext, status: SnapStatus): Promise<AdminBenefitsList> {
  return { producers: (await repo.listByStatus(ctx.db, status)).map(presentAdminRow) };
}

/**
 * An admin verifies or rejects the farm's pending FNS number (a rejection says why). Logged with
 * the admin's note; the producer is mailed the outcome and told in the app.
 */
export async function review(ctx: AppContext, admin: AuthUser, userId: number, input: { approve: boolean; note: string | null }) {
  const note = input.note || null;
  if (!input.approve && !note) throw badRequest('Say why the number is rejected', 'note');
  const farm = await repo.findFarm(ctx.db, userId);
  if (!farm) throw notFound('Farm not found');
  const status = input.approve ? 'verified' : 'rejected';
  const at = ctx.clock.now();
  const general = await ctx.settings.get('general');
  await ctx.db.transaction(async (tx) => {
    await repo.lockBenefits(tx, userId);
    const row = await repo.findBenefits(tx, userId);
    if (!row?.fnsNumber || row.snapStatus !== 'pending') throw conflict('This farm has no FNS number waiting for review');
    await repo.setReview(tx, userId, { status, note, at, by: admin.id });
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: input.approve ? 'verify_snap_number' : 'reject_snap_number',
      targetType: 'producer',
      targetId: String(userId),
      details: { fns_number: row.fnsNumber, ...(note ? { notes: note } : {}) },
    });
  });
  const row = await repo.findBenefits(ctx.db, userId);
  const notice = input.approve
    ? 'Your FNS retailer number was verified: shoppers now see that you take SNAP.'
    : 'Your FNS retailer number was not verified, so shoppers do not see that you take SNAP.';
  ctx.events.emit('notification', { userId, message: notice });
  const siteName = general.site_name || 'Farmstand';
  await ctx.mailer
    .send({
      to: farm.email,
      subject: `${siteName}: ${input.approve ? 'your SNAP retailer number is verified' : 'your SNAP retailer number was not verified'}`,
      heading: input.approve ? 'Your SNAP retailer number is verified' : 'Your SNAP retailer number was not verified',
      paragraphs: [
        `Hello ${farm.farmName},`,
        notice,
        ...(note ? [`Note from the administrator: ${note}`] : []),
        ...(input.approve
          ? []
          : ['Check the number against your USDA FNS authorisation letter, then save it again on your benefits page.']),
      ],
      action: { label: 'See your benefits', url: `${ctx.config.publicUrl}/dashboard` },
      reason: 'You are getting this because you gave an FNS retailer number for your farm.',
    })
    .catch((error: unknown) => console.error('benefits review mail failed', error));
  return {
    benefits: presentMine(row, farm.state, await incentiveOfState(ctx.db, farm.state), await repo.marketPlaces(ctx.db, userId)),
    message: input.approve
      ? `${farm.farmName}’s FNS number is verified: shoppers now see that the farm takes SNAP.`
      : `${farm.farmName}’s FNS number is rejected; the farm was told why.`,
  };
}

/** The platform's recorded tenders in a month, every kind (0 where none). */
export async function adminTotals(ctx: AppContext, month: string): Promise<AdminBenefitsTotals> {
  const of = await repo.platformTotals(ctx.db, month);
  return { month, rows: TENDER_KINDS.map((kind) => ({ kind, label: TENDER_LABELS[kind], ...of(kind) })) };
}
