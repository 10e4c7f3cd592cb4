import { LABEL_SHEETS, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import type QRCodeModule from 'qrcode';
import { badRequest } from '../../lib/errors';
import { lazyModule } from '../../lib/lazy-module';
import { fitLabel, standardFontMetrics } from './label-fit';
import { type LabelBlock, POINTS_PER_INCH } from './label-layout';

const loadPdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');
const loadQrCode = lazyModule<typeof QRCodeModule>('qrcode');

export type LabelPdfRequest = {
  sheet: LabelSheetId;
  count: number;
  blocks: LabelBlock[];
  /** The product's public page: the QR code leads there. */
  qrUrl: string;
  title: string;
};

/**
 * The PDF of `count` identical labels laid out on the chosen sheet. Refuses (400) when a field
 * does not fit, naming it and the larger sizes; never shrinks the statement or cuts text.
 */
export async function renderLabelPdf(request: LabelPdfRequest): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = loadPdfLib();
  const sheet = LABEL_SHEETS[request.sheet];
  // The label is drawn once, on its own page, and placed on every slot as one embedded form:
  // a 10-sheet PDF carries one copy of the text and QR code, not a hundred.
  const single = await PDFDocument.create();
  const fonts = {
    regular: await single.embedFont(StandardFonts.Helvetica),
    bold: await single.embedFont(StandardFonts.HelveticaBold),
  };
  // The same fit the print dialog and the label-ready flag use: the embedded fonts measure alike.
  const result = fitLabel(request.sheet, request.blocks, standardFontMetrics());
  if (!result.ok) throw badRequest(result.message, result.field);
  const { lines, qr } = result.layout;
  const labelPage = single.addPage([sheet.labelWidth * POINTS_PER_INCH, sheet.labelHeight * POINTS_PER_INCH]);
  for (const line of lines) labelPage.drawText(line.text, { x: line.x, y: line.y, size: line.size, font: fonts[line.font] });
  const qrPath = qrSvgPath(request.qrUrl);
  labelPage.drawSvgPath(qrPath.path, {
    x: qr.x,
    y: qr.y + qr.size,
    scale: qr.size / qrPath.size,
    color: rgb(0, 0, 0),
    borderWidth: 0,
  });

  const pdf = await PDFDocument.create();
  pdf.setTitle(request.title);
  pdf.setCreator('Farmstand label maker');
  // pdf-lib writes embedded fonts only when a document is saved: embed the saved single label.
  const [label] = await pdf.embedPdf(await single.save(), [0]);
  const pageSize: [number, number] = [sheet.pageWidth * POINTS_PER_INCH, sheet.pageHeight * POINTS_PER_INCH];
  let page = pdf.addPage(pageSize);
  for (let index = 0; index < request.count; index++) {
    const slot = sheetSlot(request.sheet, index);
    if (slot.first && index > 0) page = pdf.addPage(pageSize);
    page.drawPage(label, { x: slot.x, y: slot.y });
  }
  return pdf.save();
}

/**
 * Where the `index`-th label of a print goes on its sheet, row by row: the label's bottom-left
 * corner in points on its page, and whether it is the first of a new page. Also used by the bag
 * labels of the packing slips (modules/orders/packing.ts).
 */
export function sheetSlot(sheetId: LabelSheetId, index: number): { x: number; y: number; first: boolean } {
  const sheet = LABEL_SHEETS[sheetId];
  const slot = index % (sheet.columns * sheet.rows);
  const column = slot % sheet.columns;
  const row = Math.floor(slot / sheet.columns);
  return {
    x: (sheet.marginLeft + column * sheet.pitchX) * POINTS_PER_INCH,
    y: (sheet.pageHeight - sheet.marginTop - row * sheet.pitchY - sheet.labelHeight) * POINTS_PER_INCH,
    first: slot === 0,
  };
}

/** The QR code as one SVG path of dark runs per row, with a two-module quiet zone. */
function qrSvgPath(url: string): { path: string; size: number } {
  const { modules } = loadQrCode().create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      parts.push(`M${start + quiet} ${row + quiet}h${column - start}v1h${start - column}Z`);
    }
  }
  return { path: parts.join(''), size: modules.size + 2 * quiet };
}
