import { formatDateOnly } from '@farmstand/shared/format/date-only';
import {
  CATEGORY_LABEL_LINES,
  type LabelProducer,
  type LabelProduct,
  labelIngredients,
  type NetUnit,
  STATE_LABEL_RULES,
} from '@farmstand/shared/labels/rules';
import type { LabelBlock } from './label-layout';

/** What goes on one label, in reading order, each block named after its field. */
export function labelBlocks(product: LabelProduct, producer: LabelProducer, processingDate: string): LabelBlock[] {
  const rule = STATE_LABEL_RULES[producer.state];
  const blocks: LabelBlock[] = [{ field: 'common_name', text: product.name, font: 'bold', role: 'name' }];
  if (product.net_quantity !== null && product.net_unit !== null) {
    blocks.push({
      field: 'net_quantity',
      text: netQuantityText(product.net_quantity, product.net_unit),
      font: 'regular',
      role: 'body',
    });
  }
  const ingredients = labelIngredients(product);
  if (ingredients.length > 0) {
    blocks.push({ field: 'ingredients', text: `Ingredients: ${ingredients.join(', ')}.`, font: 'regular', role: 'body' });
  }
  blocks.push({ field: 'allergens', text: allergenText(product.allergens), font: 'bold', role: 'body' });
  blocks.push({ field: 'processing_date', text: `Processed: ${formatDateOnly(processingDate)}`, font: 'regular', role: 'body' });
  const address = `${producer.address}, ${producer.city}, ${producer.state} ${producer.zip}`;
  const phone = rule.fields.includes('phone') && producer.phone ? ` · ${producer.phone}` : '';
  blocks.push({ field: 'operation_address', text: `${producer.farm_name}, ${address}${phone}`, font: 'regular', role: 'body' });
  const categoryLine = CATEGORY_LABEL_LINES[product.category];
  if (categoryLine) blocks.push({ field: 'category', text: categoryLine, font: 'bold', role: 'body' });
  blocks.push({ field: 'statement', text: rule.statement, font: 'regular', role: 'statement' });
  return blocks;
}

/**
 * The allergen field is on every label (docs/decisions/220): FALCPA's "Contains" statement when the
 * producer ticked any, and an explicit "none declared" otherwise, so a label never looks unfinished.
 */
export function allergenText(allergens: string[]): string {
  return allergens.length > 0 ? `Allergens: Contains ${allergens.join(', ')}.` : 'Allergens: none declared.';
}

type Conversion = { kind: 'weight' | 'volume'; metric: (n: number) => string } | { kind: 'count' };

const round = (n: number, digits = 0) => Number(n.toFixed(digits)).toLocaleString('en-US');
const grams = (g: number) => (g >= 1000 ? `${round(g / 1000, 2)} kg` : `${round(g)} g`);
const millilitres = (ml: number) => (ml >= 1000 ? `${round(ml / 1000, 2)} L` : `${round(ml)} mL`);

/** US customary and metric side by side, as food labels state them. */
const CONVERSIONS: Record<NetUnit, Conversion> = {
  oz: { kind: 'weight', metric: (n) => grams(n * 28.3495) },
  lb: { kind: 'weight', metric: (n) => grams(n * 453.592) },
  g: { kind: 'weight', metric: (n) => `${round(n / 28.3495, 1)} oz` },
  kg: { kind: 'weight', metric: (n) => `${round(n * 2.20462, 2)} lb` },
  'fl oz': { kind: 'volume', metric: (n) => millilitres(n * 29.5735) },
  pt: { kind: 'volume', metric: (n) => millilitres(n * 473.176) },
  qt: { kind: 'volume', metric: (n) => millilitres(n * 946.353) },
  gal: { kind: 'volume', metric: (n) => millilitres(n * 3785.41) },
  ml: { kind: 'volume', metric: (n) => `${round(n / 29.5735, 1)} fl oz` },
  l: { kind: 'volume', metric: (n) => `${round(n * 33.814, 1)} fl oz` },
  count: { kind: 'count' },
};

const UNIT_SHOWN: Record<NetUnit, string> = {
  oz: 'oz',
  lb: 'lb',
  g: 'g',
  kg: 'kg',
  'fl oz': 'fl oz',
  pt: 'pt',
  qt: 'qt',
  gal: 'gal',
  ml: 'mL',
  l: 'L',
  count: 'count',
};

/** 12 oz → 'Net wt 12 oz (340 g)'; 16 fl oz → 'Net 16 fl oz (473 mL)'; 12 count → 'Count: 12'. */
export function netQuantityText(quantity: number, unit: NetUnit): string {
  const conversion = CONVERSIONS[unit];
  const amount = round(quantity, 2);
  if (conversion.kind === 'count') return `Count: ${amount}`;
  const prefix = conversion.kind === 'weight' ? 'Net wt' : 'Net';
  return `${prefix} ${amount} ${UNIT_SHOWN[unit]} (${conversion.metric(quantity)})`;
}
