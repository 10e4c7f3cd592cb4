import { STATEMENT_MIN_PT } from '@farmstand/shared/labels/rules';
import type { LabelSheet } from '@farmstand/shared/labels/sheets';

/**
 * Lays a label's text out in points, top to bottom, wrapping words, beside the QR code in the
 * bottom-right corner. Pure (fonts come in as width functions) so tests and the PDF agree.
 * Nothing is ever shrunk below its floor or cut: a label that does not fit says which block broke it.
 */

export const POINTS_PER_INCH = 72;

export type Measure = (text: string, size: number) => number;
export type FontKind = 'regular' | 'bold';

/** One piece of the label: a named field so a refusal can say what did not fit. */
export type LabelBlock = {
  field: string;
  text: string;
  font: FontKind;
  /** 'name' is the product name (larger), 'body' the small print, 'statement' the fixed 10 pt line. */
  role: 'name' | 'body' | 'statement';
};

export type PlacedLine = { text: string; font: FontKind; size: number; x: number; y: number; field: string };

export type LabelLayout = {
  lines: PlacedLine[];
  /** The QR code's box, relative to the label's bottom-left corner. */
  qr: { x: number; y: number; size: number };
  bodySize: number;
};

export type LayoutResult = { ok: true; layout: LabelLayout } | { ok: false; field: string };

const BODY_MIN_PT = 6;
const LINE_HEIGHT = 1.18;
const BLOCK_GAP = 0.3;

export function labelGeometry(sheet: LabelSheet) {
  const width = sheet.labelWidth * POINTS_PER_INCH;
  const height = sheet.labelHeight * POINTS_PER_INCH;
  const padding = Math.min(width, height) >= 4 * POINTS_PER_INCH ? 14 : 7;
  const qrSize = Math.min(width, height) * (height >= 4 * POINTS_PER_INCH ? 0.28 : 0.3);
  return { width, height, padding, qrSize };
}

/** Tries body sizes from large to the 6 pt floor; the statement stays at 10 pt throughout. */
export function layoutLabel(sheet: LabelSheet, blocks: LabelBlock[], measure: Record<FontKind, Measure>): LayoutResult {
  const { height } = labelGeometry(sheet);
  const largest = height >= 4 * POINTS_PER_INCH ? 13 : 9;
  let lastFailure = '';
  for (let body = largest; body >= BODY_MIN_PT; body -= 0.5) {
    const attempt = tryLayout(sheet, blocks, measure, body);
    if (attempt.ok) return attempt;
    lastFailure = attempt.field;
  }
  return { ok: false, field: blameField(sheet, blocks, measure) ?? lastFailure };
}

function sizeOf(role: LabelBlock['role'], body: number): number {
  if (role === 'statement') return Math.max(STATEMENT_MIN_PT, body);
  if (role === 'name') return Math.min(body + 3, 16);
  return body;
}

function tryLayout(
  sheet: LabelSheet,
  blocks: LabelBlock[],
  measure: Record<FontKind, Measure>,
  body: number,
): LayoutResult & { ok: boolean } {
  const { width, height, padding, qrSize } = labelGeometry(sheet);
  const left = padding;
  const fullWidth = width - 2 * padding;
  const narrowWidth = fullWidth - qrSize - 4;
  const qrTop = padding + qrSize;
  const bottom = padding;
  let cursor = height - padding;
  const lines: PlacedLine[] = [];

  for (const block of blocks) {
    const size = sizeOf(block.role, body);
    const lineHeight = size * LINE_HEIGHT;
    const widthAt = (top: number) => (top - lineHeight < qrTop ? narrowWidth : fullWidth);
    for (const text of wrapWords(block.text, size, measure[block.font], () => widthAt(cursor))) {
      if (cursor - lineHeight < bottom) return { ok: false, field: block.field };
      // The baseline sits a descent above the line's bottom.
      lines.push({ text, font: block.font, size, x: left, y: cursor - size, field: block.field });
      cursor -= lineHeight;
    }
    cursor -= size * BLOCK_GAP;
  }
  return { ok: true, layout: { lines, qr: { x: width - padding - qrSize, y: padding, size: qrSize }, bodySize: body } };
}

/**
 * Greedy word wrap where each line's width may differ (beside the QR code it is narrower). A word
 * wider than a whole line is split by characters rather than cut.
 */
function* wrapWords(text: string, size: number, measure: Measure, widthNow: () => number): Generator<string> {
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, size) <= widthNow()) {
      line = candidate;
      continue;
    }
    if (line) {
      yield line;
      line = '';
    }
    let rest = word;
    while (measure(rest, size) > widthNow()) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut), size) > widthNow()) cut--;
      yield rest.slice(0, cut);
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) yield line;
}

/**
 * At the smallest sizes, the block that takes the most height is the one to blame: usually the
 * longest text, or the state's statement itself where it fills the label at its fixed 10 pt.
 */
function blameField(sheet: LabelSheet, blocks: LabelBlock[], measure: Record<FontKind, Measure>): string | null {
  const { width, padding } = labelGeometry(sheet);
  const fullWidth = width - 2 * padding;
  let worst: { field: string; height: number } | null = null;
  for (const block of blocks) {
    const size = sizeOf(block.role, BODY_MIN_PT);
    const count = [...wrapWords(block.text, size, measure[block.font], () => fullWidth)].length;
    const height = count * size * LINE_HEIGHT;
    if (!worst || height > worst.height) worst = { field: block.field, height };
  }
  return worst?.field ?? null;
}
