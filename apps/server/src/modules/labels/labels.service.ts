import { isInspectedCategory, MEAT_LABEL_REFUSAL } from '@farmstand/shared/labels/meat-rules';
import { LABEL_FIELD_NAMES, labelOfPack, missingLabelFields } from '@farmstand/shared/labels/rules';
import { LABEL_SHEETS, type LabelPrintQuery, type LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { publicSite } from '../../lib/public-site';
import type { AuthUser } from '../../plugins/auth';
import { findProducerByUserId } from '../producers';
import { loadManageableProduct } from '../products';
import { labelBlocks } from './label-content';
import type { LabelMaker } from './label-maker';
import { labelReadiness, toLabelProducer, toLabelProduct } from './label-readiness';

export type LabelPdf = { pdf: Uint8Array; filename: string };

/**
 * The owner's (or an admin's) printable labels for one product. A product missing a field its
 * state requires is refused with the fields named, so no label leaves without them. One print per
 * user at a time (429 for a second), rendered off the main thread by the label maker.
 */
export async function printLabels(
  ctx: AppContext,
  maker: LabelMaker,
  user: AuthUser,
  productId: number,
  query: LabelPrintQuery,
  requestOrigin?: string,
): Promise<LabelPdf> {
  const release = maker.claim(user.id);
  try {
    return await printClaimed(ctx, maker, user, productId, query, requestOrigin);
  } finally {
    release();
  }
}

async function printClaimed(
  ctx: AppContext,
  maker: LabelMaker,
  user: AuthUser,
  productId: number,
  query: LabelPrintQuery,
  requestOrigin?: string,
): Promise<LabelPdf> {
  const { row, labelProducer, ...subject } = await loadLabelSubject(ctx, user, productId);
  const { product } = row;
  if (query.weight !== undefined && product.weightUnit === null)
    throw badRequest('Only a product sold by weight takes a pack weight: print its labels without one', 'weight');
  if (product.weightUnit !== null && query.weight === undefined)
    throw badRequest(`Give the pack's weight in ${product.weightUnit}: its label states what the pack weighs`, 'weight');
  const labelProduct = labelOfPack(subject.labelProduct, byWeightOf(product), query.weight ?? null);
  const missing = missingLabelFields(labelProduct, labelProducer);
  if (missing.length > 0) {
    const names = missing.map((field) => LABEL_FIELD_NAMES[field]).join(', ');
    throw badRequest(
      `This product's label is missing: ${names}. Add ${missing.length === 1 ? 'it' : 'them'} to the product and try again.`,
      missing[0],
    );
  }
  const pdf = await maker.render({
    sheet: query.sheet,
    count: query.count,
    blocks: labelBlocks(labelProduct, labelProducer, query.processing_date),
    qrUrl: `${publicSite(ctx, requestOrigin)}/product/${product.id}`,
    title: `Labels: ${product.name}`,
  });
  const slug =
    product.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product';
  const weighed = query.weight === undefined ? '' : `-${query.weight}${product.weightUnit}`;
  return { pdf, filename: `labels-${slug}${weighed}-${query.processing_date}.pdf` };
}

/**
 * The product (owner or admin only) and its farm, as the label rules read them. Meat and poultry
 * are refused (decision 511): the label maker prints home-food labels, which do not cover them.
 */
async function loadLabelSubject(ctx: AppContext, user: AuthUser, productId: number) {
  const row = await loadManageableProduct(ctx, user, productId);
  if (isInspectedCategory(row.product.category)) throw badRequest(MEAT_LABEL_REFUSAL, 'category');
  const producer = await findProducerByUserId(ctx.db, row.producer.userId);
  if (!producer) throw notFound('Producer profile not found');
  return { row, labelProduct: toLabelProduct(row.product), labelProducer: toLabelProducer(producer) };
}

const byWeightOf = (product: { weightUnit: 'lb' | 'oz' | null; packMax: number | null }) => ({
  weight_unit: product.weightUnit,
  pack_max: product.packMax === null ? null : Number(product.packMax),
});

/** Which sheets the product's label fits and why not the others, for the print dialog. */
export async function labelSheets(ctx: AppContext, user: AuthUser, productId: number): Promise<LabelSheetsResponse> {
  const { row, labelProduct, labelProducer } = await loadLabelSubject(ctx, user, productId);
  const readiness = labelReadiness(labelOfPack(labelProduct, byWeightOf(row.product), null), labelProducer);
  return {
    ready: readiness.ready,
    missing: readiness.missing,
    sheets: readiness.sheets.map((fit) => ({
      sheet: fit.sheet,
      name: LABEL_SHEETS[fit.sheet].name,
      fits: fit.fits,
      reason: fit.fits ? null : fit.reason,
    })),
  };
}

/** Renders one small label and throws it away: starts the thread and loads the PDF and QR libraries ahead of the first print. */
export async function warmLabelMaker(maker: LabelMaker): Promise<void> {
  await maker.render({
    sheet: 'avery_5163',
    count: 1,
    blocks: [{ field: 'statement', text: 'Warm-up', font: 'regular', role: 'statement' }],
    qrUrl: 'http://localhost/',
    title: 'Warm-up',
  });
}
