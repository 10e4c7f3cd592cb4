import { type Incentive, TENDER_KINDS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import type { AdminBenefitsList, ProducerBenefits, PublicBenefits } from '@farmstand/shared/schemas/benefits';
import type { PlaceIncentive, Take } from './benefits.policy';
import type { BenefitsRow, TendersRow } from './benefits.repository';

/** What the producer sees of their own acceptance; a farm that never saved reads as taking nothing. */
/** `incentive`: the one running in the farm's state, if any; `places`: its pickup places that are participating markets. */
export function presentMine(
  row: BenefitsRow | undefined,
  state: string,
  incentive: Incentive | null,
  places: { name: string; market: string }[],
): ProducerBenefits {
  return {
    state,
    fns_number: row?.fnsNumber ?? null,
    snap_status: row?.snapStatus ?? 'none',
    snap_note: row?.snapNote ?? null,
    snap_reviewed_at: row?.snapReviewedAt?.toISOString() ?? null,
    wic_fmnp: { accepted: row?.wicFmnpAccepted ?? false, expires_on: row?.wicFmnpExpiresOn ?? null },
    senior_fmnp: { accepted: row?.seniorFmnpAccepted ?? false, expires_on: row?.seniorFmnpExpiresOn ?? null },
    incentive_market: row?.incentiveMarket ?? null,
    incentive_name: incentive?.name ?? null,
    incentive_markets: incentive?.markets ?? [],
    incentive_places: places.map((p) => ({ name: p.name, market: p.market })),
  };
}

/** The sentence beside the producer's SNAP status. */
export function snapStatusMessage(row: BenefitsRow | undefined): string {
  switch (row?.snapStatus ?? 'none') {
    case 'pending':
      return 'An admin checks your FNS number before shoppers see that you take SNAP.';
    case 'verified':
      return 'Your FNS number is verified: shoppers see that you take SNAP.';
    case 'rejected':
      return row?.snapNote
        ? `Your FNS number was not verified: ${row.snapNote}`
        : 'Your FNS number was not verified. Check it against your authorisation letter and save it again.';
    default:
      return 'Add your FNS retailer number to show shoppers that you take SNAP.';
  }
}

/**
 * The farm's public answer: `places` are its pickup places that offer an incentive (`incentiveAt`),
 * by market. The farm's incentive is the one its first such place offers (places in one state in
 * all but a border farm's case); each place names its own.
 */
export function presentPublic(
  userId: number,
  state: string,
  takes: Take[],
  places: (PlaceIncentive & { pointId: number; name: string; state: string | null })[],
): PublicBenefits {
  const offered = takes.includes('incentive') ? places : [];
  const markets = [...new Set(offered.map((p) => p.market))];
  return {
    producer_user_id: userId,
    state,
    takes,
    incentive_name: offered[0]?.incentive.name ?? null,
    incentive_market: markets[0] ?? null,
    incentive_markets: markets,
    incentive_places: offered.map((p) => ({
      point_id: p.pointId,
      name: p.name,
      state: p.state ?? state,
      market: p.market,
      incentive_name: p.incentive.name,
    })),
  };
}

/** The recorded cents of each tender kind, every kind present (0 when none, or when nothing was recorded). */
export function tenderCents(row: TendersRow | null | undefined): Record<TenderKind, number> {
  return {
    snap: row?.snapCents ?? 0,
    wic_fmnp: row?.wicFmnpCents ?? 0,
    senior_fmnp: row?.seniorFmnpCents ?? 0,
    incentive: row?.incentiveCents ?? 0,
    cash: row?.cashCents ?? 0,
    card: row?.cardCents ?? 0,
    check: row?.checkCents ?? 0,
    farm_credit: row?.farmCreditCents ?? 0,
    other: row?.otherCents ?? 0,
  };
}

/** A tenders request as the row's columns (kinds left out are 0). */
export function tenderColumns(tendered: Partial<Record<TenderKind, number | undefined>>) {
  const cents = (kind: TenderKind) => tendered[kind] ?? 0;
  return {
    snapCents: cents('snap'),
    wicFmnpCents: cents('wic_fmnp'),
    seniorFmnpCents: cents('senior_fmnp'),
    incentiveCents: cents('incentive'),
    cashCents: cents('cash'),
    cardCents: cents('card'),
    checkCents: cents('check'),
    farmCreditCents: cents('farm_credit'),
    otherCents: cents('other'),
  };
}

export const sumTenders = (tenders: Record<TenderKind, number>) => TENDER_KINDS.reduce((sum, kind) => sum + tenders[kind], 0);

export function presentAdminRow(row: { benefits: BenefitsRow; farmName: string; state: string }) {
  return {
    producer_user_id: row.benefits.producerUserId,
    farm_name: row.farmName,
    state: row.state,
    fns_number: row.benefits.fnsNumber,
    snap_status: row.benefits.snapStatus,
    snap_note: row.benefits.snapNote,
    updated_at: row.benefits.updatedAt.toISOString(),
  } satisfies AdminBenefitsList['producers'][number];
}
