import type { StandingDemand } from '../schemas/standing';
import { formatPackRange, toMilli } from './by-weight';
import { formatLineQuantity, lineName, packingUnit } from './quantity';

type Row = StandingDemand['rows'][number];
type Share = StandingDemand['shares'][number];

/**
 * The farm's standing demand (decision 546) in words, for the table and its CSV alike: each product
 * counts in its own unit, so no figure is ever added across products.
 */

/** What a product's figure counts: "dozen", "18-count", "packs of 1.3–1.6 lb", or "each". */
export function demandUnit(row: Pick<Row, 'price_unit' | 'weight_unit' | 'pack_min' | 'pack_max'>): string {
  if (row.weight_unit !== null && row.pack_min !== null && row.pack_max !== null)
    return `packs of ${formatPackRange({ unit: row.weight_unit, minMilli: toMilli(row.pack_min), maxMilli: toMilli(row.pack_max) })}`;
  return packingUnit(row.price_unit) ?? 'each';
}

/** One week's figure of a product as a packer reads it (`formatLineQuantity`): "2 dozen", "2 packs × 1.5–2.5 lb (3–5 lb)", "4". */
export function demandQuantity(row: Pick<Row, 'price_unit' | 'weight_unit' | 'pack_min' | 'pack_max'>, quantity: number): string {
  return formatLineQuantity({ quantity, ...row });
}

/** "Summer box (Small)": a CSA plan and its box size. */
export const demandShareName = (share: Pick<Share, 'plan' | 'size'>) => lineName(share.plan, share.size);

/** "Farm Fresh Eggs (Large)": a product with its variant. */
export const demandRowName = (row: Pick<Row, 'name' | 'variant_name'>) => lineName(row.name, row.variant_name);
