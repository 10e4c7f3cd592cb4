import { KIND_QUESTIONS, productKind } from '../labels/product-kinds';
import { splitTopLevel } from '../labels/rules';
import { type Product, splitAllergens } from '../schemas/products';
import { csvText, parseCsv, unguardCell } from './csv';
import { convertWeight, formatAmount, parseAmount } from './units';

/**
 * The catalogue as a spreadsheet (issue 50, decision 585): one row per product without variants,
 * one row per variant (the product's columns repeated), every field of the product form. The same
 * columns are read back by the import, which validates them with the product form's own schema.
 */

type ColumnDoc = { key: string; help: string; example: string };

export const CATALOGUE_COLUMNS = [
  { key: 'product_id', help: 'Farmstand’s number for the product. Leave empty for a new product; never change it.', example: '' },
  { key: 'variant_id', help: 'Farmstand’s number for the variant. Leave empty for a new variant.', example: '' },
  { key: 'sku', help: 'Your own code for the product (optional, unique on your farm).', example: 'TOM-HEIR' },
  { key: 'variant_sku', help: 'Your own code for the variant (optional, unique within the product).', example: '' },
  { key: 'name', help: 'Product name, up to 120 characters. Required.', example: 'Heirloom tomatoes' },
  { key: 'variant_name', help: 'Variant name (a size, cut or flavour); empty for a product sold as itself.', example: '' },
  { key: 'category', help: 'One of the categories (produce, eggs, bread, honey, meat, …).', example: 'produce' },
  { key: 'description', help: 'Up to 5,000 characters.', example: 'Brandywine and Cherokee Purple' },
  { key: 'availability', help: 'available, sold_out, seasonal or pre_order. Required.', example: 'available' },
  { key: 'variant_availability', help: 'For a variant: available, sold_out or pre_order.', example: '' },
  { key: 'price', help: 'In dollars, e.g. 4.50 (a variant row: the variant’s). Empty: ask me.', example: '4.50' },
  {
    key: 'price_unit',
    help: 'What the price buys: each, bunch, jar, dozen… (empty takes the category’s usual one).',
    example: 'lb',
  },
  { key: 'weight_unit', help: 'lb or oz to sell by weight (price per lb or oz); empty sells by the piece.', example: '' },
  { key: 'pack_min', help: 'Lightest pack when sold by weight: "1.5", "1 1/2 lb", "24 oz", "0.7 kg".', example: '' },
  { key: 'pack_max', help: 'Heaviest pack, same units as pack_min.', example: '' },
  { key: 'stock', help: 'Whole number in stock; empty when you do not count stock.', example: '40' },
  { key: 'day_limit', help: 'At most this many per pickup day; empty for no limit.', example: '' },
  { key: 'season_start', help: 'Seasonal products: first day, YYYY-MM-DD.', example: '' },
  { key: 'season_end', help: 'Seasonal products: last day, YYYY-MM-DD.', example: '' },
  { key: 'ingredients', help: 'Made foods and meat: ingredients heaviest first, separated by commas.', example: '' },
  { key: 'allergens', help: 'Declared allergens, separated by commas (milk, eggs, wheat…).', example: '' },
  {
    key: 'allergens_confirmed_absent',
    help: 'Major allergens the ingredients suggest that you confirm are absent.',
    example: '',
  },
  { key: 'net_weight', help: 'Label net quantity with its unit: "16 oz", "1 lb", "500 g", "12 count".', example: '' },
  { key: 'seller_type', help: 'Made under: home_processor or home_microprocessor (made foods only).', example: '' },
  { key: 'inspection', help: 'Meat and poultry: usda, state, custom_exempt or poultry_exempt.', example: '' },
  { key: 'establishment_number', help: 'Meat and poultry: the plant’s establishment number.', example: '' },
  { key: 'tax_class', help: 'food, candy, soft_drink, prepared_food or non_food; empty takes the category’s.', example: 'food' },
  { key: 'origin_state', help: 'KY, IN, OH, TN or WV when grown elsewhere; empty for your own farm.', example: '' },
  { key: 'required_certifications', help: 'Certifications it needs, separated by commas.', example: '' },
  { key: 'pickup_instructions', help: 'Up to 1,000 characters.', example: '' },
] as const satisfies readonly ColumnDoc[];

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number]['key'];
export const CATALOGUE_HEADER: CatalogueColumn[] = CATALOGUE_COLUMNS.map((c) => c.key);

export type CatalogueCells = Record<CatalogueColumn, string>;

/** The farm's own codes beside a product: its sku, and each variant's by variant id. */
export type CatalogueCodes = { sku: string | null; variantSkus: ReadonlyMap<number, string | null> };

const money = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));
const num = (value: number | null) => (value === null ? '' : formatAmount(value, null));

/** A product's rows: one, or one per variant with the product's columns repeated. */
export function catalogueRows(product: Product, codes: CatalogueCodes): CatalogueCells[] {
  // Only the questions the product's kind asks, as the form sends them: a value another kind left
  // behind (a net quantity on produce) is not carried into the file (decision 550).
  const asks = KIND_QUESTIONS[productKind(product.category, product.share !== null)];
  const ingredients = product.ingredient_list.length > 0 ? product.ingredient_list.join(', ') : (product.ingredients ?? '');
  const base = {
    product_id: String(product.id),
    sku: codes.sku ?? '',
    name: product.name,
    category: product.category,
    description: product.description ?? '',
    availability: product.availability,
    day_limit: num(product.day_limit),
    season_start: product.seasonal_start ?? '',
    season_end: product.seasonal_end ?? '',
    ingredients: asks.ingredients ? ingredients : '',
    allergens: asks.allergens ? product.allergens.join(', ') : '',
    allergens_confirmed_absent: asks.allergens ? product.allergens_confirmed_absent.join(', ') : '',
    net_weight: asks.netQuantity && product.net_quantity !== null ? formatAmount(product.net_quantity, product.net_unit) : '',
    seller_type: asks.madeUnder ? product.seller_type : '',
    inspection: asks.inspection ? (product.inspection ?? '') : '',
    establishment_number: asks.inspection ? (product.establishment_number ?? '') : '',
    tax_class: product.tax_class,
    origin_state: product.origin_state ?? '',
    required_certifications: product.required_certifications.join(', '),
    pickup_instructions: product.pickup_instructions ?? '',
  };
  if (product.variants.length === 0)
    return [
      {
        ...base,
        variant_id: '',
        variant_sku: '',
        variant_name: '',
        variant_availability: '',
        price: money(product.price),
        // A share's unit is the server's own (per lb hanging weight), not the farmer's.
        price_unit: product.share || product.weight_unit ? '' : (product.price_unit ?? ''),
        weight_unit: product.weight_unit ?? '',
        pack_min: num(product.pack_min),
        pack_max: num(product.pack_max),
        stock: num(product.stock_quantity),
      },
    ];
  return product.variants.map((variant) => ({
    ...base,
    variant_id: String(variant.id),
    variant_sku: codes.variantSkus.get(variant.id) ?? '',
    variant_name: variant.name,
    variant_availability: variant.availability,
    price: money(variant.price),
    price_unit: variant.weight_unit ? '' : (variant.price_unit ?? ''),
    weight_unit: variant.weight_unit ?? '',
    pack_min: num(variant.pack_min),
    pack_max: num(variant.pack_max),
    stock: num(variant.stock_quantity),
  }));
}

/** The whole file: a BOM (Excel then reads UTF-8), the header, the rows, CRLF line ends. */
export function catalogueCsv(rows: readonly CatalogueCells[]): string {
  return `\ufeff${csvText([CATALOGUE_HEADER, ...rows.map((row) => CATALOGUE_HEADER.map((key) => row[key]))])}`;
}

/** A cell's number: '' → null, "$4.50" or "1,200" read; anything else is left as text for the schema to refuse. */
function numberCell(cell: string): number | string | null {
  const plain = cell
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (plain === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : cell;
}

/** "Baked goods" or "sold-out" → baked_goods, sold_out: choices written as people write them. */
const choiceCell = (cell: string) =>
  cell.trim() === ''
    ? null
    : cell
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
const textCell = (cell: string) => (cell.trim() === '' ? null : cell);
/** A date as the file has it: YYYY-MM-DD, or 7/1/2026 as Excel saves a US date back; else as it is, for the schema to refuse. */
function dateCell(cell: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell.trim());
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return textCell(cell);
}
const listCell = (cell: string) => splitAllergens(cell);

type WeightUnitCell = 'lb' | 'oz' | null;

/** A pack weight cell in the row's weight unit: "1.5", "1 1/2 lb", "24 oz" with lb, "0.7 kg". */
function packCell(cell: string, weightUnit: string | null, column: CatalogueColumn, problems: CellProblem[]) {
  if (cell.trim() === '') return null;
  const amount = parseAmount(cell);
  if (!amount) {
    problems.push({ column, message: `"${cell}" is not a weight: write it like 1.5, 2 lb or 24 oz` });
    return null;
  }
  if (amount.unit === null || amount.unit === weightUnit) return amount.amount;
  if (weightUnit !== 'lb' && weightUnit !== 'oz') return amount.amount;
  const converted = convertWeight(amount.amount, amount.unit, weightUnit);
  if (converted === null) problems.push({ column, message: `"${cell}" is not a weight: use lb, oz, kg or g` });
  return converted;
}

export type CellProblem = { column: CatalogueColumn; message: string };

/** A row read into the product form's fields (before its schema); cell-level problems beside them. */
export type CatalogueRow = {
  productId: number | null;
  variantId: number | null;
  sku: string | null;
  variantSku: string | null;
  product: Record<string, unknown>;
  variant: Record<string, unknown> | null;
  problems: CellProblem[];
};

function idCell(cell: string, column: CatalogueColumn, problems: CellProblem[]): number | null {
  if (cell.trim() === '') return null;
  if (/^\d{1,9}$/.test(cell.trim())) return Number(cell.trim());
  problems.push({ column, message: `"${cell}" is not an id: leave it as exported, or empty for a new one` });
  return null;
}

/** One row's cells as the product form's request (and its variant's, on a variant row). */
export function readCatalogueRow(cells: CatalogueCells): CatalogueRow {
  const problems: CellProblem[] = [];
  let net: { net_quantity: number | string | null; net_unit: string | null } = { net_quantity: null, net_unit: null };
  if (cells.net_weight.trim() !== '') {
    const amount = parseAmount(cells.net_weight);
    if (amount?.unit) net = { net_quantity: amount.amount, net_unit: amount.unit };
    else
      problems.push({
        column: 'net_weight',
        message: `"${cells.net_weight}" needs a number and a unit: 16 oz, 1 lb, 500 g, 1 pt, 12 count`,
      });
  }
  const weightUnit = choiceCell(cells.weight_unit);
  const offer = {
    price: numberCell(cells.price),
    price_unit: textCell(cells.price_unit),
    stock_quantity: numberCell(cells.stock),
    weight_unit: weightUnit as WeightUnitCell,
    pack_min: packCell(cells.pack_min, weightUnit, 'pack_min', problems),
    pack_max: packCell(cells.pack_max, weightUnit, 'pack_max', problems),
  };
  const isVariant = cells.variant_name.trim() !== '' || cells.variant_id.trim() !== '';
  const product = {
    name: cells.name,
    category: choiceCell(cells.category) ?? undefined,
    description: textCell(cells.description),
    availability: choiceCell(cells.availability) ?? undefined,
    day_limit: numberCell(cells.day_limit),
    seasonal_start: dateCell(cells.season_start),
    seasonal_end: dateCell(cells.season_end),
    ingredient_list: splitTopLevel(cells.ingredients),
    ingredients: null,
    allergens: listCell(cells.allergens),
    allergens_confirmed_absent: listCell(cells.allergens_confirmed_absent).map((a) => a.toLowerCase()),
    ...net,
    seller_type: choiceCell(cells.seller_type),
    inspection: choiceCell(cells.inspection),
    establishment_number: textCell(cells.establishment_number),
    tax_class: choiceCell(cells.tax_class),
    origin_state: textCell(cells.origin_state)?.trim().toUpperCase() ?? null,
    required_certifications: listCell(cells.required_certifications).map((c) => c.toLowerCase().replace(/[\s-]+/g, '_')),
    pickup_instructions: textCell(cells.pickup_instructions),
    ...(isVariant
      ? { price: null, price_unit: null, stock_quantity: null, weight_unit: null, pack_min: null, pack_max: null }
      : offer),
  };
  const variant = isVariant ? { name: cells.variant_name, availability: choiceCell(cells.variant_availability), ...offer } : null;
  return {
    productId: idCell(cells.product_id, 'product_id', problems),
    variantId: idCell(cells.variant_id, 'variant_id', problems),
    sku: textCell(cells.sku)?.trim() ?? null,
    variantSku: textCell(cells.variant_sku)?.trim() ?? null,
    product,
    variant,
    problems,
  };
}

/** The column a product-form field (a schema issue's path) is written in. */
export function catalogueColumnOf(path: readonly PropertyKey[]): CatalogueColumn {
  const [first, , inner] = path;
  const field = String(first === 'variants' && inner !== undefined ? inner : (first ?? 'name'));
  const variantField = first === 'variants';
  const byField: Record<string, CatalogueColumn> = {
    stock_quantity: 'stock',
    seasonal_start: 'season_start',
    seasonal_end: 'season_end',
    ingredient_list: 'ingredients',
    net_quantity: 'net_weight',
    net_unit: 'net_weight',
    share: 'category',
    variants: 'variant_name',
  };
  if (variantField && field === 'name') return 'variant_name';
  if (variantField && field === 'availability') return 'variant_availability';
  if (variantField && field === 'id') return 'variant_id';
  if (byField[field]) return byField[field];
  return (CATALOGUE_HEADER as string[]).includes(field) ? (field as CatalogueColumn) : 'name';
}

/** At most this many rows in one file (decision 585): a larger catalogue is imported in parts. */
export const CATALOGUE_MAX_ROWS = 5000;

export type CatalogueFileRow = { row: number; cells: CatalogueCells };
export type CatalogueFile =
  | { ok: true; rows: CatalogueFileRow[]; problems: { row: number; column: string; message: string }[] }
  | { ok: false; message: string };

/**
 * A catalogue file's rows by column (1 = the header, as the spreadsheet numbers them), the formula
 * guard taken off each cell. The header must hold every column once, in any order; empty rows are
 * skipped. A file that is not a catalogue (no such header, too many rows) is refused whole.
 */
export function readCatalogueFile(text: string, maxRows = CATALOGUE_MAX_ROWS): CatalogueFile {
  const parsed = parseCsv(text, maxRows + 1);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (!header || header.every((cell) => cell.trim() === ''))
    return { ok: false, message: 'The file is empty: export your catalogue first and fill in that file' };
  const names = header.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !(CATALOGUE_HEADER as string[]).includes(name));
  const missing = CATALOGUE_HEADER.filter((key) => !names.includes(key));
  const twice = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (missing.length > 0 || unknown.length > 0 || twice.length > 0) {
    const parts = [
      missing.length > 0 ? `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` : '',
      unknown.filter(Boolean).length > 0
        ? `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.filter(Boolean).join(', ')}`
        : '',
      unknown.includes('') ? 'a column without a name' : '',
      twice.length > 0 ? `column${twice.length > 1 ? 's' : ''} given twice: ${twice.join(', ')}` : '',
    ].filter(Boolean);
    return {
      ok: false,
      message: `The header row does not match the catalogue template (${parts.join('; ')}). Start from an exported file and keep its first row as it is.`,
    };
  }
  const data = records.filter((record) => record.some((cell) => cell.trim() !== ''));
  if (data.length > maxRows)
    return {
      ok: false,
      message: `The file has more than ${maxRows.toLocaleString('en-US')} rows: split it into smaller files and import them one after the other`,
    };
  const rows: CatalogueFileRow[] = [];
  const problems: { row: number; column: string; message: string }[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell.trim() === '')) return;
    if (record.slice(names.length).some((cell) => cell.trim() !== ''))
      problems.push({
        row,
        column: names[names.length - 1],
        message: `This row has ${record.length} cells but the header has ${names.length}: a comma too many?`,
      });
    const cells = Object.fromEntries(names.map((name, i) => [name, unguardCell(record[i] ?? '')])) as CatalogueCells;
    rows.push({ row, cells });
  });
  return { ok: true, rows, problems };
}
