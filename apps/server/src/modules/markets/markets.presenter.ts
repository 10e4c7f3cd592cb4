import type { Incentive } from '@farmstand/shared/benefits/programmes';
import { CERTIFICATION_LABELS, type CertificationType } from '@farmstand/shared/constants/catalog';
import { addDaysToDate, formatDateOnly } from '@farmstand/shared/format/date-only';
import { marketDaysText, nextMarketDates } from '@farmstand/shared/markets/calendar';
import type { Market, MarketBenefits, MarketSummary, VendorDocument } from '@farmstand/shared/schemas/markets';
import type { MarketRow } from './markets.access';

/** The JSON of the markets module's answers (decision 581): camelCase, integer cents, dates 'YYYY-MM-DD'. */

export function presentMarket(row: MarketRow): Market {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state as Market['state'],
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone as Market['timeZone'],
    seasonStart: row.seasonStart,
    seasonEnd: row.seasonEnd,
    marketDays: row.marketDays,
    closedDates: row.closedDates,
    boothSnap: row.boothSnap,
    boothCredit: row.boothCredit,
    boothWic: row.boothWic,
    boothSenior: row.boothSenior,
    incentiveId: row.incentiveId,
    matchCapCents: row.matchCapCents,
    snapTokenCents: row.snapTokenCents,
    creditTokenCents: row.creditTokenCents,
    feeKind: row.feeKind,
    feeCents: row.feeCents,
    feePercentBp: row.feePercentBp,
    feeMinCents: row.feeMinCents,
    feeMaxCents: row.feeMaxCents,
    shareContacts: row.shareContacts,
    basketOn: row.basketOn,
    basketOpensDays: row.basketOpensDays,
    basketClosesHours: row.basketClosesHours,
    basketFeeKind: row.basketFeeKind,
    basketFeeCents: row.basketFeeCents,
    basketFeePercentBp: row.basketFeePercentBp,
  };
}

/** What a shopper reads about the money taken at the market: the booth's benefits and the incentive it matches. */
export function presentBenefits(row: MarketRow, incentive: Incentive | null): MarketBenefits {
  return {
    snap: row.boothSnap,
    credit: row.boothCredit,
    wicFmnp: row.boothWic,
    seniorFmnp: row.boothSenior,
    incentive: incentive ? { name: incentive.name, capCents: row.matchCapCents ?? incentive.dailyCapCents } : null,
  };
}

export function presentSummary(
  row: MarketRow,
  today: string,
  vendorCount: number,
  incentive: Incentive | null,
  distanceMiles: number | null,
): MarketSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    daysText: marketDaysText(row.marketDays),
    nextDate: nextMarketDates(row, today, 1)[0] ?? null,
    vendorCount,
    benefits: presentBenefits(row, incentive),
    distanceMiles,
  };
}

/** Days before its expiry a document is 'expiring' (the manager's warning). */
export const EXPIRING_WITHIN_DAYS = 30;

/** A document's state on `today` (the market's day): the last valid day is its expiry date itself. */
export function documentState(expiresOn: string | null, today: string): VendorDocument['state'] {
  if (!expiresOn) return 'no_expiry';
  if (expiresOn < today) return 'expired';
  if (expiresOn <= addDaysToDate(today, EXPIRING_WITHIN_DAYS)) return 'expiring';
  return 'ok';
}

/** A farm's certification as a document the manager checks. */
export function certificationDocument(
  c: {
    certificationType: string;
    certificationName: string | null;
    certificateNumber: string | null;
    expiryDate: string | null;
    documentUrl: string | null;
  },
  today: string,
): VendorDocument {
  const label =
    c.certificationType === 'other'
      ? (c.certificationName ?? 'Other certification')
      : (CERTIFICATION_LABELS[c.certificationType as CertificationType] ?? c.certificationType);
  return {
    kind: c.certificationType,
    label,
    number: c.certificateNumber,
    expiresOn: c.expiryDate,
    state: documentState(c.expiryDate, today),
    url: c.documentUrl,
  };
}

/** The plain-language warnings of a vendor's documents: one per document expired or expiring. */
export function documentWarnings(documents: VendorDocument[]): string[] {
  return documents.flatMap((d) => {
    if (d.state === 'expired') return [`${d.label} expired on ${formatDateOnly(d.expiresOn ?? '')}`];
    if (d.state === 'expiring') return [`${d.label} expires on ${formatDateOnly(d.expiresOn ?? '')}`];
    return [];
  });
}
