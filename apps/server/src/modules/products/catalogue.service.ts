import {
  type CatalogueCells,
  type CatalogueColumn,
  type CatalogueFileRow,
  type CatalogueRow,
  catalogueColumnOf,
  catalogueCsv,
  catalogueRows,
  readCatalogueFile,
  readCatalogueRow,
} from '@farmstand/shared/catalogue/sheet';
import type { CatalogueImportResult, ImportProblem } from '@farmstand/shared/schemas/books';
import { type ProductInput, ProductRequest } from '@farmstand/shared/schemas/products';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors';
import { forgetPublicProduct } from '../../lib/public-products';
import type { AuthUser } from '../../plugins/auth';
import { findProducerByUserId, isProductListed, lockProducerByUserId } from '../producers';
import { presentProduct } from './products.presenter';
import * as repo from './products.repository';
import {
  changeProductIn,
  insertProductIn,
  PROFILE_REQUIRED,
  type ProductCodes,
  productLimit,
  productLimitMessage,
  productRuleViolation,
  variantCapMessage,
} from './products.service';

/**
 * The catalogue by spreadsheet (issue 50, decision 585): the farm's products out as CSV, and the
 * same file back in, every row validated with the product form's schema and rules, nothing written
 * while any row has a problem, everything written in one transaction.
 */

/** The largest file accepted: 5 MB holds ~15,000 full rows, three times the row limit. */
export const CATALOGUE_MAX_BYTES = 5 * 1024 * 1024;
export const CATALOGUE_TOO_LARGE =
  'The file is larger than 5 MB: a catalogue of 5,000 rows fits well within it. Split the file, or remove images or notes pasted into cells.';
export const NOT_UTF8 =
  'The file is not CSV UTF-8 text: in your spreadsheet choose File → Save as (or Download) → "CSV UTF-8 (comma delimited)" and import that file';

const ownerView = { showContact: true };

/** The body as text: UTF-8 only (with or without its BOM); UTF-16 and other encodings are refused. */
export function decodeCatalogue(body: Buffer): string {
  if (body.length === 0) throw badRequest('The file is empty: export your catalogue first and fill in that file');
  const utf16 = (body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff);
  if (utf16 || body.includes(0)) throw badRequest(NOT_UTF8);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw badRequest(NOT_UTF8);
  }
}

type Existing = repo.ProductWithProducer;
type Codes = Awaited<ReturnType<typeof repo.listCatalogueCodes>>;

function codesOf(codes: Codes, productId: number) {
  return {
    sku: codes.productCodes.find((c) => c.id === productId)?.sku ?? null,
    variantSkus: new Map(codes.variantCodes.filter((c) => c.productId === productId).map((c) => [c.id, c.sku])),
  };
}

/** The farm's active products as catalogue rows, oldest product first, variants in their order. */
async function currentRows(db: Db, producerId: number) {
  const rows = await repo.listProductsOfProducer(db, producerId);
  const codes = await repo.listCatalogueCodes(db, producerId);
  const active = rows.filter((row) => row.product.active).sort((a, b) => a.product.id - b.product.id);
  return { all: rows, active, codes };
}

/** `GET /api/products/catalogue.csv`: the farm's catalogue (only the header before it has a profile). */
export async function exportCatalogue(ctx: AppContext, user: AuthUser): Promise<string> {
  const producer = await findProducerByUserId(ctx.db, user.id);
  if (!producer) return catalogueCsv([]);
  const { active, codes } = await currentRows(ctx.db, producer.id);
  return catalogueCsv(active.flatMap((row) => catalogueRows(presentProduct(row, ownerView), codesOf(codes, row.product.id))));
}

/** Columns a product's rows must repeat alike (the variant's own columns differ row by row). */
const PRODUCT_COLUMNS: CatalogueColumn[] = [
  'sku',
  'name',
  'category',
  'description',
  'availability',
  'day_limit',
  'season_start',
  'season_end',
  'ingredients',
  'allergens',
  'allergens_confirmed_absent',
  'net_weight',
  'seller_type',
  'inspection',
  'establishment_number',
  'tax_class',
  'origin_state',
  'required_certifications',
  'pickup_instructions',
];

type Line = { row: number; cells: CatalogueCells; read: CatalogueRow };
type Group = { key: string; lines: Line[]; existing: Existing | null };
type Planned = { group: Group; input: ProductInput; codes: ProductCodes; action: 'create' | 'update' | 'unchanged' };

/** The product form's request for a product's rows, with each variant's resolved id. */
function candidateOf(lines: Line[], variantIds: (number | null)[], existing: Existing | null) {
  const first = lines[0].read;
  const variants = lines.flatMap((line, i) => (line.read.variant ? [{ ...line.read.variant, id: variantIds[i] }] : []));
  return { ...first.product, variants, share: existing?.product.share ?? null };
}

const sameInput = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads, matches and validates every row against the farm's catalogue in `db` (a transaction when
 * writing): which rows create, update or leave a product, and every problem by row and column.
 */
async function planImport(
  ctx: AppContext,
  db: Db,
  producer: { id: number; userId: number; state: string },
  rows: CatalogueFileRow[],
) {
  const problems: ImportProblem[] = [];
  const problem = (row: number, column: string, message: string) => problems.push({ row, column, message });
  const { all, active, codes } = await currentRows(db, producer.id);
  const byId = new Map(all.map((row) => [row.product.id, row]));
  const skuOwner = new Map(codes.productCodes.flatMap((c) => (c.sku ? [[c.sku, c.id] as const] : [])));
  const byName = new Map<string, Existing>();
  for (const row of active)
    if (!byName.has(row.product.name.trim().toLowerCase())) byName.set(row.product.name.trim().toLowerCase(), row);

  // Each row's product: its id, else its code, else an active product of the same name (so the
  // same first spreadsheet imported twice never makes two), else a new product.
  const groups = new Map<string, Group>();
  for (const { row, cells } of rows) {
    const read = readCatalogueRow(cells);
    for (const p of read.problems) problem(row, p.column, p.message);
    let existing: Existing | null = null;
    let key: string;
    if (read.productId !== null) {
      const found = byId.get(read.productId);
      if (!found) {
        problem(
          row,
          'product_id',
          `Product ${read.productId} is not one of your products: clear product_id to add this row as a new product`,
        );
        continue;
      }
      if (!found.product.active) {
        problem(
          row,
          'product_id',
          `Product ${read.productId} was deleted: restore it on My products first, or clear product_id to add it again`,
        );
        continue;
      }
      existing = found;
    } else if (read.sku !== null && skuOwner.has(read.sku)) {
      existing = byId.get(skuOwner.get(read.sku) as number) ?? null;
      if (existing && !existing.product.active) {
        problem(
          row,
          'sku',
          `SKU "${read.sku}" belongs to a deleted product: restore it on My products first, or use another code`,
        );
        continue;
      }
    } else if (read.sku === null) existing = byName.get(String(read.product.name).trim().toLowerCase()) ?? null;
    if (existing) key = `id:${existing.product.id}`;
    else if (read.sku !== null) key = `sku:${read.sku}`;
    else key = `name:${String(read.product.name).trim().toLowerCase() || `row ${row}`}`;
    const group = groups.get(key) ?? { key, lines: [], existing };
    group.lines.push({ row, cells, read });
    groups.set(key, group);
  }

  const features = await ctx.settings.get('features', db);
  const limit = await productLimit(ctx, producer.userId, db);
  let listed = all.filter((row) => isProductListed(row.product)).length;
  const skusInFile = new Map<string, string>();
  const planned: Planned[] = [];
  for (const group of groups.values()) {
    const [first] = group.lines;
    const before = problems.length;
    for (const line of group.lines.slice(1))
      for (const column of PRODUCT_COLUMNS)
        if (line.cells[column] !== first.cells[column])
          problem(
            line.row,
            column,
            `Differs from row ${first.row} of the same product: a product's rows repeat its ${column} alike (only the variant columns differ)`,
          );
    const hasVariants = group.lines.some((line) => line.read.variant !== null);
    if (hasVariants)
      for (const line of group.lines.filter((l) => l.read.variant === null))
        problem(line.row, 'variant_name', `This product has variants (row ${first.row}): give this row a variant name too`);
    if (!hasVariants && group.lines.length > 1)
      for (const line of group.lines.slice(1))
        problem(
          line.row,
          'name',
          `Row ${first.row} is the same product: give the rows variant names, or each product its own name`,
        );

    // The farm's code is unique on the farm, a variant's within its product.
    const sku = first.read.sku;
    if (sku !== null) {
      const owner = skuOwner.get(sku);
      const ownerInFile = skusInFile.get(sku);
      if (
        (owner !== undefined && owner !== group.existing?.product.id && !groups.has(`id:${owner}`)) ||
        (ownerInFile && ownerInFile !== group.key)
      )
        problem(first.row, 'sku', `SKU "${sku}" is already another product's: each product needs its own code`);
      skusInFile.set(sku, group.key);
    }
    const existingVariants = group.existing?.variants ?? [];
    const existingCodes = group.existing
      ? codesOf(codes, group.existing.product.id).variantSkus
      : new Map<number, string | null>();
    const usedVariantIds = new Set<number>();
    const usedVariantSkus = new Set<string>();
    const variantIds = group.lines.map((line) => {
      const variant = line.read.variant;
      if (!variant) return null;
      let id: number | null = null;
      if (line.read.variantId !== null) {
        if (!existingVariants.some((v) => v.id === line.read.variantId))
          problem(
            line.row,
            'variant_id',
            `Variant ${line.read.variantId} is not a variant of this product: clear variant_id to add it as a new variant`,
          );
        else id = line.read.variantId;
      } else if (line.read.variantSku !== null) {
        id = [...existingCodes].find(([, code]) => code === line.read.variantSku)?.[0] ?? null;
      }
      if (id === null && line.read.variantId === null) {
        const name = String(variant.name).trim().toLowerCase();
        id = existingVariants.find((v) => v.name.trim().toLowerCase() === name && !usedVariantIds.has(v.id))?.id ?? null;
      }
      if (id !== null && usedVariantIds.has(id)) problem(line.row, 'variant_id', `Variant ${id} is on two rows: keep one`);
      if (id !== null) usedVariantIds.add(id);
      if (line.read.variantSku !== null) {
        if (usedVariantSkus.has(line.read.variantSku))
          problem(
            line.row,
            'variant_sku',
            `Variant SKU "${line.read.variantSku}" is on two variants of this product: each needs its own`,
          );
        usedVariantSkus.add(line.read.variantSku);
      }
      return id;
    });

    // The product form's own schema and rules, as POST and PUT /api/products apply them.
    const parsed = ProductRequest.safeParse(candidateOf(group.lines, variantIds, group.existing));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const line =
          issue.path[0] === 'variants' && typeof issue.path[1] === 'number'
            ? group.lines.filter((l) => l.read.variant)[issue.path[1]]
            : first;
        problem((line ?? first).row, catalogueColumnOf(issue.path), issue.message);
      }
      continue;
    }
    const input = parsed.data;
    const rule = productRuleViolation(input, producer.state);
    if (rule) problem(first.row, catalogueColumnOf(rule.path.split('.')), rule.message);
    if (input.variants.length > features.max_variants_per_product)
      problem(first.row, 'variant_name', variantCapMessage(features.max_variants_per_product));
    if (problems.length > before) continue;

    const productCodes: ProductCodes = {
      sku,
      variantSkus: group.lines.filter((l) => l.read.variant).map((l) => l.read.variantSku),
    };
    if (!group.existing) {
      listed += 1;
      if (listed > limit.limit) problem(first.row, 'name', productLimitMessage(limit));
      planned.push({ group, input, codes: productCodes, action: 'create' });
      continue;
    }
    // Unchanged when the file says what the farm's catalogue says now (read back the same way).
    const current = catalogueRows(presentProduct(group.existing, ownerView), codesOf(codes, group.existing.product.id));
    const currentLines = current.map((cells, i) => ({ row: i, cells, read: readCatalogueRow(cells) }));
    const currentInput = ProductRequest.safeParse(
      candidateOf(
        currentLines,
        currentLines.map((l) => l.read.variantId),
        group.existing,
      ),
    );
    const currentCodes: ProductCodes = {
      sku: currentLines[0].read.sku,
      variantSkus: currentLines.filter((l) => l.read.variant).map((l) => l.read.variantSku),
    };
    const same = currentInput.success && sameInput(currentInput.data, input) && sameInput(currentCodes, productCodes);
    planned.push({ group, input, codes: productCodes, action: same ? 'unchanged' : 'update' });
  }

  // Products absent from the file whose counted stock "zero what is missing" sets to 0.
  const inFile = new Set(planned.map((p) => p.group.existing?.product.id).filter((id) => id !== undefined));
  for (const group of groups.values()) if (group.existing) inFile.add(group.existing.product.id);
  const missing = active.filter((row) => !inFile.has(row.product.id));
  const zeroProducts = missing
    .filter((row) => row.variants.length === 0 && (row.product.stockQuantity ?? 0) > 0)
    .map((row) => row.product.id);
  const zeroVariants = missing.flatMap((row) => row.variants.filter((v) => (v.stock_quantity ?? 0) > 0).map((v) => v.id));
  const zeroVariantProducts = missing
    .filter((row) => row.variants.some((v) => (v.stock_quantity ?? 0) > 0))
    .map((row) => row.product.id);

  problems.sort((a, b) => a.row - b.row);
  return { problems, planned, zeroProducts, zeroVariants, zeroVariantProducts };
}

type Plan = Awaited<ReturnType<typeof planImport>>;

/** At most this many problems in an answer: a file broken on every row says so without megabytes of JSON. */
const MAX_PROBLEMS_SHOWN = 500;

function shownProblems(problems: ImportProblem[]): ImportProblem[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN - 1);
  const more = problems.length - shown.length;
  const last = problems[problems.length - 1];
  return [
    ...shown,
    {
      row: last.row,
      column: last.column,
      message: `…and ${more.toLocaleString('en-US')} more problems: fix these and check the file again`,
    },
  ];
}

function resultOf(
  plan: Plan,
  rows: number,
  options: { dryRun: boolean; zeroMissing: boolean },
  written: boolean,
): CatalogueImportResult {
  const count = (action: Planned['action']) => plan.planned.filter((p) => p.action === action).length;
  const changes = plan.planned
    .flatMap((p) =>
      p.group.lines.map((line) => ({
        row: line.row,
        key: p.group.existing ? String(p.group.existing.product.id) : (p.codes.sku ?? ''),
        name: line.read.variant ? `${p.input.name} (${String(line.read.variant.name).trim()})` : p.input.name,
        action: p.action,
      })),
    )
    .sort((a, b) => a.row - b.row);
  return {
    dryRun: options.dryRun,
    written,
    rows,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    zeroed: options.zeroMissing ? plan.zeroProducts.length + plan.zeroVariants.length : 0,
    problems: shownProblems(plan.problems),
    changes,
  };
}

/** `POST /api/products/catalogue`: a dry run answers what would change; otherwise it is written whole or not at all. */
export async function importCatalogue(
  ctx: AppContext,
  user: AuthUser,
  body: Buffer,
  options: { dryRun: boolean; zeroMissing: boolean },
): Promise<CatalogueImportResult> {
  const file = readCatalogueFile(decodeCatalogue(body));
  if (!file.ok) throw badRequest(file.message);
  const producer = await findProducerByUserId(ctx.db, user.id);
  if (!producer) throw forbidden(PROFILE_REQUIRED);
  const withFileProblems = (plan: Plan): Plan => ({
    ...plan,
    problems: [...file.problems, ...plan.problems].sort((a, b) => a.row - b.row),
  });
  if (options.dryRun)
    return resultOf(withFileProblems(await planImport(ctx, ctx.db, producer, file.rows)), file.rows.length, options, false);

  let touched: number[] = [];
  try {
    const result = await ctx.db.transaction(async (tx) => {
      // The farm's lock: two imports (or an import and the form's create) count the limit one after the other.
      await lockProducerByUserId(tx, user.id);
      const plan = withFileProblems(await planImport(ctx, tx, producer, file.rows));
      if (plan.problems.length > 0) return resultOf(plan, file.rows.length, options, false);
      const updates = plan.planned.filter((p) => p.action === 'update');
      await repo.clearCodes(
        tx,
        updates.map((p) => (p.group.existing as Existing).product.id),
      );
      for (const p of plan.planned) {
        if (p.action === 'create') await insertProductIn(tx, producer.id, p.input, p.codes);
        if (p.action === 'update') await changeProductIn(ctx, tx, p.group.existing as Existing, p.input, p.codes);
      }
      if (options.zeroMissing) await repo.zeroStock(tx, plan.zeroProducts, plan.zeroVariants);
      touched = [
        ...updates.map((p) => (p.group.existing as Existing).product.id),
        ...(options.zeroMissing ? [...plan.zeroProducts, ...plan.zeroVariantProducts] : []),
      ];
      return resultOf(plan, file.rows.length, options, true);
    });
    for (const id of touched) forgetPublicProduct(ctx, id);
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Your catalogue changed while importing: export it again and retry');
    throw error;
  }
}
