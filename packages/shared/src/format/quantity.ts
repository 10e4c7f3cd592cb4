import { formatPackRange, formatWeight, toMilli, type WeightUnit } from './by-weight';

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
  return /\d/.test(measure) ? `${quantity} × ${measure}` : `${quantity} ${quantity === 1 ? measure : pluralUnit(measure)}`;
}

/** Measures written the same for one or many: abbreviations and "dozen". */
const SAME_IN_PLURAL = /^(lbs?|oz|fl oz|kg|g|pt|qt|gal|ct|dozen|doz)$/i;

/** "bunch" → "bunches", "loaf" → "loaves", "quart" → "quarts"; "lb", "dozen", "half dozen" stay. */
function pluralUnit(measure: string): string {
  const words = measure.split(' ');
  const last = words[words.length - 1];
  if (SAME_IN_PLURAL.test(last) || /s$/i.test(last)) return measure;
  const plural = /(ch|sh|x|z)$/i.test(last)
    ? `${last}es`
    : /[^aeiou]y$/i.test(last)
      ? `${last.slice(0, -1)}ies`
      : /^(loaf|half|leaf)$/i.test(last)
        ? `${last.slice(0, -1)}ves`
        : `${last}s`;
  return [...words.slice(0, -1), plural].join(' ');
}

/** "Grass-fed beef (Ribeye)": a product with the variant chosen, or its name alone. */
export function lineName(name: string, variantName: string | null | undefined): string {
  return variantName ? `${name} (${variantName})` : name;
}

/** A line as the quantity wording reads it: a count, or by weight (decision 510) packs with their range. */
export type QuantityLine = {
  quantity: number;
  price_unit: string | null;
  weight_unit: WeightUnit | null;
  pack_min: number | null;
  pack_max: number | null;
  /** Each pack's weight once weighed (one per pack), else null or absent. */
  weights?: readonly number[] | null;
};

/**
 * The one quantity wording (decision 544), called by the harvest list, the pick list, the day sheet,
 * the packing slips, the standing card, the demand view and, through `formatOrderLine`, the mails.
 *
 * - by the piece: `formatPackQuantity` ("2 × 18-count", "2 dozen", "4");
 * - by weight, packs are counted and each weighs its range, with the line's total weight in the
 *   unit the farmer harvests: "2 packs × 1.5–2.5 lb (3–5 lb)", "1 pack × 9–11 lb";
 * - weighed: "2 packs weighed 1.42, 1.51 lb (2.93 lb)".
 *
 * Never packs as pounds ("2 lb" for two packs), and never two units added together.
 */
export function formatLineQuantity(line: QuantityLine): string {
  if (line.weight_unit === null || line.pack_min === null || line.pack_max === null)
    return formatPackQuantity(line.quantity, line.price_unit);
  const packs = countNoun(line.quantity, 'pack');
  const unit = line.weight_unit;
  if (line.weights && line.weights.length === line.quantity && line.quantity > 0) {
    const milli = line.weights.map(toMilli);
    const each = milli.map(formatWeight).join(', ');
    const total = milli.length > 1 ? ` (${formatWeight(milli.reduce((a, b) => a + b, 0))} ${unit})` : '';
    return `${packs} weighed ${each} ${unit}${total}`;
  }
  const min = toMilli(line.pack_min);
  const max = toMilli(line.pack_max);
  const each = formatPackRange({ unit, minMilli: min, maxMilli: max });
  if (line.quantity === 1) return `${packs} × ${each}`;
  return `${packs} × ${each} (${formatPackRange({ unit, minMilli: min * line.quantity, maxMilli: max * line.quantity })})`;
}

/**
 * What lines of one unit weigh together, in that unit: "4.5–7.5 lb" (a harvest list's product over
 * its variants). Null when the lines are not all by weight in one unit: different units are never
 * added together, and by-the-piece lines have no weight.
 */
export function totalWeight(lines: readonly QuantityLine[]): string | null {
  const units = new Set(lines.map((line) => line.weight_unit));
  const [unit] = units;
  if (lines.length === 0 || units.size !== 1 || !unit) return null;
  let min = 0;
  let max = 0;
  for (const line of lines) {
    if (line.pack_min === null || line.pack_max === null) return null;
    min += toMilli(line.pack_min) * line.quantity;
    max += toMilli(line.pack_max) * line.quantity;
  }
  return formatPackRange({ unit, minMilli: min, maxMilli: max });
}

/** "1 item", "3 items", "1 no-show", "2 boxes": a count with its noun, singular or plural (the plural given when not just +s). */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/**
 * The one line wording of mails, slips, the standing card and the day sheet: the quantity as
 * `formatLineQuantity` writes it, then the product with its variant. "2 × 18-count Brown Eggs",
 * "2 dozen Eggs", "2 × Heirloom Tomatoes (Cherry)" (a bare count takes "×"), "2 packs × 1.5–2.5 lb
 * (3–5 lb) Pork shoulder".
 */
export function formatOrderLine(line: {
  quantity: number;
  name: string;
  variantName: string | null;
  priceUnit: string | null;
  weightUnit: WeightUnit | null;
  packMin: number | null;
  packMax: number | null;
  weights?: readonly number[] | null;
}): string {
  const quantity = formatLineQuantity({
    quantity: line.quantity,
    price_unit: line.priceUnit,
    weight_unit: line.weightUnit,
    pack_min: line.packMin,
    pack_max: line.packMax,
    weights: line.weights,
  });
  const name = lineName(line.name, line.variantName);
  return /^\d+$/.test(quantity) ? `${quantity} × ${name}` : `${quantity} ${name}`;
}
