import { formatPackRange, toMilli, type WeightUnit } from './by-weight';

/**
 * Measures that read as one compound word with their number: "18 count" is an "18-count" carton,
 * "8 oz jar" an "8-oz jar". Units people write without a number ("lb", "dozen") stay as they are.
 */
const COMPOUND = /^(\d+(?:\.\d+)?)\s+(count|ct|oz|fl oz|lb|g|kg|inch|in|qt|pt|gal)\b/i;

/** A product's price unit as a packer reads it: no leading "per", "each" as none, measures hyphenated. */
export function packingUnit(unit: string | null | undefined): string | null {
  const plain = (unit ?? '')
    .trim()
    .replace(/^(per|a|an)\s+/i, '')
    .replace(/\s+/g, ' ');
  if (!plain || /^(each|ea|item|piece|unit)$/i.test(plain)) return null;
  return plain.replace(COMPOUND, (_, n: string, measure: string) => `${n}-${measure.replace(' ', '-')}`);
}

/**
 * "2 × 18-count", "3 × 8-oz jar" for a package with its size, "2 dozen", "3 lb", "1 loaf" for a
 * plain unit; a quantity without a unit (or "each") is just "4". Used by the pick list, the day
 * sheet, the packing slips and the harvest list alike.
 */
export function formatPackQuantity(quantity: number, unit: string | null | undefined): string {
  const measure = packingUnit(unit);
  if (!measure) return String(quantity);
  return /\d/.test(measure) ? `${quantity} × ${measure}` : `${quantity} ${measure}`;
}

/** "Grass-fed beef (Ribeye)": a product with the variant chosen, or its name alone. */
export function lineName(name: string, variantName: string | null | undefined): string {
  return variantName ? `${name} (${variantName})` : name;
}

/**
 * A line's quantity as a packer reads it: "3 packs (1.3–1.6 lb)" for a by-weight line (packs are
 * what is counted, decision 510), else `formatPackQuantity` ("2 × 18-count", "2 dozen").
 */
export function formatLineQuantity(line: {
  quantity: number;
  price_unit: string | null;
  weight_unit: WeightUnit | null;
  pack_min: number | null;
  pack_max: number | null;
}): string {
  if (line.weight_unit === null || line.pack_min === null || line.pack_max === null)
    return formatPackQuantity(line.quantity, line.price_unit);
  const range = formatPackRange({ unit: line.weight_unit, minMilli: toMilli(line.pack_min), maxMilli: toMilli(line.pack_max) });
  return `${line.quantity} ${line.quantity === 1 ? 'pack' : 'packs'} (${range})`;
}

/** "1 item", "3 items", "1 no-show", "2 boxes": a count with its noun, singular or plural (the plural given when not just +s). */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/**
 * One order line as mails write it: "2 × Heirloom Tomatoes (Cherry)" by the piece, "2 packs of Pork
 * shoulder (3–5 lb each)" by weight, where packs are what is counted (decision 510) and each weighs
 * its range until weighed.
 */
export function formatOrderLine(line: {
  quantity: number;
  name: string;
  variantName: string | null;
  weightUnit: WeightUnit | null;
  packMin: number | null;
  packMax: number | null;
}): string {
  const name = lineName(line.name, line.variantName);
  if (line.weightUnit === null || line.packMin === null || line.packMax === null) return `${line.quantity} × ${name}`;
  const range = formatPackRange({ unit: line.weightUnit, minMilli: toMilli(line.packMin), maxMilli: toMilli(line.packMax) });
  return `${countNoun(line.quantity, 'pack')} of ${name} (${range} each)`;
}
