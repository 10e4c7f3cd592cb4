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
