import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { type Estimate, formatPackRange, toMilli } from '@farmstand/shared/format/by-weight';
import { weekdayOf } from '@farmstand/shared/format/date-only';
import { formatCents, formatPrice } from '@farmstand/shared/format/money';

/** "This Saturday at the market": the weekday of the coming market day. */
export const sectionTitle = (comingDay: string) => `This ${WEEKDAY_NAMES[weekdayOf(comingDay)]} at the market`;

/** "$6.00/dozen", or by weight "$8.00/lb · packs of 1.3–1.6 lb". */
export function priceText(o: {
  price: number | null;
  priceUnit: string | null;
  weightUnit: string | null;
  packMin: number | null;
  packMax: number | null;
}): string {
  if (o.weightUnit && o.packMin !== null && o.packMax !== null && (o.weightUnit === 'lb' || o.weightUnit === 'oz')) {
    const range = formatPackRange({ unit: o.weightUnit, minMilli: toMilli(o.packMin), maxMilli: toMilli(o.packMax) });
    return `${formatPrice(o.price, o.weightUnit)} · packs of ${range}`;
  }
  return formatPrice(o.price, o.priceUnit);
}

/** "$12.00", or for an estimate "about $12.40 ($11.80–$13.00)". */
export function amountText(amount: Estimate): string {
  if (amount.minCents === amount.maxCents) return formatCents(amount.estimateCents);
  return `about ${formatCents(amount.estimateCents)} (${formatCents(amount.minCents)}–${formatCents(amount.maxCents)})`;
}

/** "3 items from 2 farms". */
export function countText(units: number, farms: number): string {
  return `${units} item${units === 1 ? '' : 's'} from ${farms} farm${farms === 1 ? '' : 's'}`;
}
