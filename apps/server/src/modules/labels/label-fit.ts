import { LABEL_FIELD_NAMES, type LabelField } from '@farmstand/shared/labels/rules';
import { LABEL_SHEET_IDS, LABEL_SHEETS, LABEL_SHEETS_BY_SIZE, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import { lazyModule } from '../../lib/lazy-module';
import { type FontKind, type LabelBlock, type LabelLayout, layoutLabel, type Measure } from './label-layout';

const loadPdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');

/**
 * Whether a label's text fits a sheet: the one rule the PDF, the print dialog's sheet list and the
 * label-ready flag all use (docs/decisions/382). Widths come from the PDF's own standard fonts
 * (pdf-lib's Helvetica metrics, the numbers its embedded fonts measure with), so a sheet offered
 * here is a sheet the PDF prints.
 */

export type FontMetrics = { measure: Record<FontKind, Measure>; supported: Set<number> };

/** Helvetica and Helvetica Bold as pdf-lib measures them, without making a document. */
export function standardFontMetrics(): FontMetrics {
  const { StandardFontEmbedder, StandardFonts } = loadPdfLib();
  // pdf-lib's StandardFonts and the embedder's FontNames are two enums of the same font names.
  type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
  const regular = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as FontName);
  const bold = StandardFontEmbedder.for(StandardFonts.HelveticaBold as unknown as FontName);
  return {
    measure: {
      regular: (text, size) => regular.widthOfTextAtSize(text, size),
      bold: (text, size) => bold.widthOfTextAtSize(text, size),
    },
    supported: new Set(regular.encoding.supportedCodePoints),
  };
}

/** Typographic characters people paste from word processors, in the fonts' own alphabet. */
const PLAIN_EQUIVALENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2032': "'",
  '\u2033': '"',
};

export type LabelRefusal = { field: string; message: string };
export type LabelFit = { ok: true; layout: LabelLayout; blocks: LabelBlock[] } | ({ ok: false } & LabelRefusal);
export type SheetFit = { sheet: LabelSheetId; fits: true } | { sheet: LabelSheetId; fits: false; field: string; reason: string };

/** Lays the label out on one sheet, or says which field stops it (a character the fonts lack, or text too long). */
export function fitLabel(sheet: LabelSheetId, blocks: LabelBlock[], metrics: FontMetrics): LabelFit {
  const plain: LabelBlock[] = [];
  for (const block of blocks) {
    const text = printableText(block, metrics.supported);
    if (typeof text !== 'string') return { ok: false, ...text };
    plain.push({ ...block, text });
  }
  const result = layoutLabel(LABEL_SHEETS[sheet], plain, metrics.measure);
  if (!result.ok) return { ok: false, field: result.field, message: tooLongMessage(result.field, sheet) };
  return { ok: true, layout: result.layout, blocks: plain };
}

/** Every sheet, with whether the label fits and why not (the reason for a sheet the dialog cannot offer). */
export function fitOnEverySheet(blocks: LabelBlock[], metrics: FontMetrics): SheetFit[] {
  return LABEL_SHEET_IDS.map((sheet) => {
    const fit = fitLabel(sheet, blocks, metrics);
    return fit.ok ? { sheet, fits: true } : { sheet, fits: false, field: fit.field, reason: fit.message };
  });
}

function printableText(block: LabelBlock, supported: Set<number>): string | LabelRefusal {
  let text = '';
  for (const char of block.text.normalize('NFC')) {
    const plain = PLAIN_EQUIVALENTS[char] ?? char;
    for (const c of plain) {
      if (!supported.has(c.codePointAt(0) as number)) {
        return {
          field: block.field,
          message: `${fieldName(block.field)} has a character labels cannot print: "${c}". Please remove it.`,
        };
      }
    }
    text += plain;
  }
  return text;
}

function fieldName(field: string): string {
  return LABEL_FIELD_NAMES[field as LabelField] ?? (field === 'category' ? 'Category line' : field);
}

function tooLongMessage(field: string, sheet: LabelSheetId): string {
  const larger = LABEL_SHEETS_BY_SIZE.slice(LABEL_SHEETS_BY_SIZE.indexOf(sheet) + 1).map((id) => LABEL_SHEETS[id].name);
  if (field === 'statement') {
    const where = larger.length > 0 ? `choose a larger label: ${larger.join(' or ')}.` : 'shorten the other fields.';
    return `${fieldName(field)} does not fit on ${LABEL_SHEETS[sheet].name}: it must stay at 10 pt, so ${where}`;
  }
  const advice = larger.length > 0 ? `Shorten it or choose a larger label: ${larger.join(' or ')}.` : 'Please shorten it.';
  return `${fieldName(field)} does not fit on ${LABEL_SHEETS[sheet].name}. ${advice}`;
}
