import { NET_UNITS, type NetUnit } from '../labels/rules';

/**
 * Amounts as farmers write them: "2 lb", "16 oz", "1.5 kg", "1/2 lb", "1 1/2 lbs", "12 fl. oz",
 * "2 pounds", "500g", "12 ct". The one reader for the catalogue's net weight and pack weights
 * (decision 585); units come back as the label's own (NET_UNITS).
 */

const UNIT_WORDS: Record<string, NetUnit> = {
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  '#': 'lb',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
  g: 'g',
  gr: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  'fl oz': 'fl oz',
  'fluid ounce': 'fl oz',
  'fluid ounces': 'fl oz',
  pt: 'pt',
  pint: 'pt',
  pints: 'pt',
  qt: 'qt',
  quart: 'qt',
  quarts: 'qt',
  gal: 'gal',
  gallon: 'gal',
  gallons: 'gal',
  ml: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  l: 'l',
  liter: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  count: 'count',
  ct: 'count',
  each: 'count',
  pieces: 'count',
};

/** "1", "1.5", ".5", "1,000", "1/2", "1 1/2" → the number; anything else null. */
function parseNumberWords(text: string): number | null {
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[3]) === 0 ? null : Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  if (/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(text)) return Number(text.replace(/,/g, ''));
  return null;
}

export type Amount = { amount: number; unit: NetUnit | null };

/** "2 lb" → { amount: 2, unit: 'lb' }; "3" → { amount: 3, unit: null }; not an amount → null. */
export function parseAmount(text: string): Amount | null {
  const plain = text
    .trim()
    .toLowerCase()
    .replace(/\u00bd/g, ' 1/2')
    .replace(/\u00bc/g, ' 1/4')
    .replace(/\u00be/g, ' 3/4')
    .replace(/\./g, (dot, at: number, all: string) => (/\d/.test(all[at + 1] ?? '') ? dot : ' '))
    .replace(/\s+/g, ' ')
    .trim();
  const match = /^([\d.,/ ]*\d)\s*(.*)$/.exec(plain);
  if (!match) return null;
  const amount = parseNumberWords(match[1].trim());
  if (amount === null) return null;
  const word = match[2].trim();
  if (word === '') return { amount, unit: null };
  const unit = UNIT_WORDS[word] ?? (NET_UNITS as readonly string[]).find((u) => u === word) ?? null;
  return unit ? { amount, unit: unit as NetUnit } : null;
}

/** Grams in one of each weight unit (NIST Handbook 44: 1 lb = 453.59237 g, 1 oz = 1/16 lb). */
const GRAMS: Partial<Record<NetUnit, number>> = { lb: 453.59237, oz: 453.59237 / 16, kg: 1000, g: 1 };

/** A weight in another weight unit, rounded to 3 decimals (the pack weights' precision); null if not a weight. */
export function convertWeight(amount: number, from: NetUnit, to: 'lb' | 'oz'): number | null {
  const grams = GRAMS[from];
  if (grams === undefined) return null;
  return Math.round(((amount * grams) / (GRAMS[to] as number)) * 1000) / 1000;
}

/** An amount as the catalogue writes it: "16 oz", "1.5 lb" (no trailing zeros). */
export function formatAmount(amount: number, unit: string | null): string {
  const number = String(Math.round(amount * 1000) / 1000);
  return unit ? `${number} ${unit}` : number;
}
