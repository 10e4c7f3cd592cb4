import { formatPrice } from '@farmstand/shared';
import { plannedBenefitsText } from '@farmstand/shared/benefits/programmes';
import { amountOfOrder, formatAmountToPay, formatEstimate } from '@farmstand/shared/format/by-weight';
import { toCents } from '@farmstand/shared/format/money';
import { formatOrderLine, lineName } from '@farmstand/shared/format/quantity';
import { LABEL_SHEETS, LABEL_SHEETS_BY_SIZE, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import type { Order } from '@farmstand/shared/schemas/orders';
import {
  DEFAULT_BAG_LABEL_SHEET,
  type HarvestLine,
  type HarvestResponse,
  type PackingLayout,
} from '@farmstand/shared/schemas/packing';
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { orderItems, orders } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { lazyModule } from '../../lib/lazy-module';
import { printable } from '../../lib/pdf-text';
import { zonedFormatter } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { type LabelBlock, layoutLabel, POINTS_PER_INCH, sheetSlot, standardFontMetrics } from '../labels';
import { findFarm } from '../pickup';
import { presentOrder } from './orders.presenter';
import * as repo from './orders.repository';
import { expireOverdue } from './orders.service';

/**
 * What a producer prints for a pickup day beyond the pick list: a packing slip (or bag label) per
 * order, and the harvest list over a range of days (decision 503).
 */

const loadPdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');

/** Orders packed for a day: accepted or ready (picked up, cancelled and the rest are done). */
const PACKED = new Set(['accepted', 'ready']);
/** More than a farm hands over in a day; bounds the PDF. */
const MAX_ORDERS_PER_DAY = 1000;

const dayFormat = zonedFormatter({ weekday: 'long', month: 'long', day: 'numeric' });
const shortDayFormat = zonedFormatter({ weekday: 'short', month: 'short', day: 'numeric' });
const timeFormat = zonedFormatter({ hour: 'numeric', minute: '2-digit' });
const zoneFormat = zonedFormatter({ hour: 'numeric', timeZoneName: 'short' });

const zoneName = (at: Date, timeZone: string) =>
  zoneFormat(timeZone)
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** "9:00 AM – 12:00 PM EDT": the window in the order's own zone, with the zone named. */
function windowTimes(order: Order): string {
  const zone = order.window.time_zone;
  const start = new Date(order.window.starts_at);
  const end = new Date(order.window.ends_at);
  return `${timeFormat(zone).format(start)} – ${timeFormat(zone).format(end)} ${zoneName(start, zone)}`;
}

/** "Lexington Farmers Market, Stall 14": the place with its booth, if any. */
const placeLine = (order: Order) => (order.booth ? `${order.place.name}, ${order.booth}` : order.place.name);

type Item = Order['items'][number];

/**
 * A line as every printout and mail writes it (decision 544): "2 × 8-oz jar Honey", "2 packs ×
 * 1.3–1.6 lb (2.6–3.2 lb) Grass-fed beef (Ribeye, pair)", "2 packs weighed 1.42, 1.51 lb (2.93 lb) …".
 */
const itemText = (item: Item) =>
  formatOrderLine({
    quantity: item.quantity,
    name: item.name,
    variantName: item.variant_name,
    priceUnit: item.price_unit,
    weightUnit: item.weight_unit,
    packMin: item.pack_min,
    packMax: item.pack_max,
    weights: item.weights,
  });

/** A by-weight line whose packs still wait for the scale: the slip leaves a blank per pack. */
const toWeigh = (item: Item) =>
  item.weight_unit !== null && item.quantity > 0 && (item.weights === null || item.weights.length !== item.quantity);

/**
 * A line of a CSA share's box (decision 515): its items come with the share, at no charge of their
 * own, so the slip says so instead of "$0.00".
 */
const inTheShare = (item: Item) => item.product_id !== null && item.unit_price === 0 && item.line_total === 0;

/**
 * The line's amount: exact, or by weight the estimate with its range until weighed, "about" for
 * "≈" (the PDF fonts lack it).
 */
const itemAmount = (item: Item) =>
  toWeigh(item)
    ? formatEstimate({
        estimateCents: toCents(item.line_total),
        minCents: toCents(item.line_min),
        maxCents: toCents(item.line_max),
      }).replace('≈', 'about')
    : formatPrice(item.line_total);

/** Said on the slip of an order its shopper's standing reservation placed (decision 514). */
const STANDING_NOTE = 'Standing order: placed by a reservation that repeats';

/** The amount to collect: the final total, or "about" the estimate while packs wait for the scale (a bag label's room). */
const collectText = (order: Order) => (order.estimated ? `about ${formatPrice(order.total)}` : formatPrice(order.total));

/**
 * The amount to collect as mails and cards write it (by-weight.ts): the total, the estimate with its
 * range before weighing, or what is known so far while some lines wait.
 */
const amountToPay = (order: Order) => formatAmountToPay(amountOfOrder(order));

/** Blanks for the packs' weights, a few to a row: "Pack 1: ________ lb". */
const PACKS_PER_ROW = 4;
const BLANK = '__________';
function weightBlanks(item: Item): string[] {
  const rows: string[] = [];
  for (let first = 1; first <= item.quantity; first += PACKS_PER_ROW) {
    const last = Math.min(item.quantity, first + PACKS_PER_ROW - 1);
    const packs: string[] = [];
    for (let pack = first; pack <= last; pack++) packs.push(`Pack ${pack}: ${BLANK} ${item.weight_unit}`);
    rows.push(packs.join('  ·  '));
  }
  return rows;
}

/** The producer's accepted and ready orders of one local day, earliest window first. */
async function ordersToPack(ctx: AppContext, producer: AuthUser, date: string): Promise<Order[]> {
  const { rows } = await repo.listFiltered(
    ctx.db,
    { producerUserId: producer.id, from: date, to: date, source: 'online' },
    MAX_ORDERS_PER_DAY,
    0,
    false,
  );
  const at = ctx.clock.now();
  return rows.filter((row) => PACKED.has(row.status)).map((row) => presentOrder(row, 'producer', at));
}

export type PackingPdf = { pdf: Uint8Array; filename: string };

/** GET /api/orders/packing-slips.pdf: slips on Letter paper with cut lines, or bag labels on a label sheet. */
export async function packingSlips(
  ctx: AppContext,
  producer: AuthUser,
  query: { date: string; point?: number; layout?: PackingLayout; sheet?: LabelSheetId },
): Promise<PackingPdf> {
  const day = await ordersToPack(ctx, producer, query.date);
  const list = query.point === undefined ? day : day.filter((order) => order.place.point_id === query.point);
  if (list.length === 0) {
    if (day.length > 0)
      throw notFound(
        `No accepted or ready orders to pack at this pickup place on ${query.date}: choose another place, or all places.`,
      );
    throw notFound(`No accepted or ready orders to pack on ${query.date}. Accept the day's requests first.`);
  }
  const farm = await findFarm(ctx.db, producer.id);
  const farmName = farm?.farmName ?? '';
  const layout = query.layout ?? 'slips';
  const pdf =
    layout === 'labels'
      ? await renderBagLabels(list, query.sheet ?? DEFAULT_BAG_LABEL_SHEET, farmName)
      : await renderSlips(list, farmName);
  const place = query.point === undefined ? '' : `-place-${query.point}`;
  return { pdf, filename: `${layout === 'labels' ? 'bag-labels' : 'packing-slips'}-${query.date}${place}.pdf` };
}

// --- text the PDF's standard fonts can draw ---------------------------------------------------

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Greedy word wrap to `width` points; a word wider than a line is split by characters. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

// --- slips on Letter paper ---------------------------------------------------------------------

const PAGE: [number, number] = [8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH];
const MARGIN = 36;
const PADDING = 14;
const LINE = 1.3;

/** One printed row of a slip: text on the left, optionally an amount on the right. */
type SlipRow = { text: string; right?: string; bold?: boolean; size: number; indent?: number; gapBefore?: number };

function slipRows(order: Order, farmName: string): SlipRow[] {
  const zone = order.window.time_zone;
  const start = new Date(order.window.starts_at);
  const rows: SlipRow[] = [
    { text: order.shopper.name, right: `Order #${order.id}`, bold: true, size: 14 },
    ...(order.standing_id !== null ? [{ text: STANDING_NOTE, bold: true, size: 10 }] : []),
    { text: `${dayFormat(zone).format(start)}, ${windowTimes(order)}`, size: 10 },
    { text: `${order.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}: ${placeLine(order)}`, size: 10 },
  ];
  if (order.fulfilment === 'delivery' && order.delivery_address) {
    rows.push({ text: `Deliver to: ${order.delivery_address}`, size: 10 });
  }
  if (order.shopper.phone) rows.push({ text: `Phone: ${order.shopper.phone}`, size: 10 });
  // As the day sheet says it: the booth knows before the shopper reaches the table (decision 516).
  const planned = plannedBenefitsText(order.planned_benefits, 'producer');
  if (planned) rows.push({ text: planned, bold: true, size: 10 });
  rows.push({ text: 'Items', bold: true, size: 10, gapBefore: 4 });
  order.items.forEach((item, index) => {
    // A line after one with weight blanks stands apart from them.
    const gapBefore = index > 0 && toWeigh(order.items[index - 1]) ? 5 : 0;
    if (inTheShare(item)) {
      rows.push({ text: `${itemText(item)} (in the share)`, size: 10, indent: 10, gapBefore });
    } else {
      rows.push({ text: itemText(item), right: itemAmount(item), size: 10, indent: 10, gapBefore });
    }
    if (toWeigh(item)) {
      for (const blank of weightBlanks(item)) rows.push({ text: blank, size: 10, indent: 20, gapBefore: 3 });
    }
    if (item.ordered_quantity !== null) {
      const why = item.short_reason ? `: ${item.short_reason}` : '';
      rows.push({ text: `(ordered ${item.ordered_quantity}, short${why})`, size: 8, indent: 20 });
    }
  });
  if (order.delivery_fee > 0) rows.push({ text: 'Delivery fee', right: formatPrice(order.delivery_fee), size: 10, indent: 10 });
  if (order.note) rows.push({ text: `Note: ${order.note}`, size: 10, gapBefore: 4 });
  if (order.items.some(toWeigh)) {
    rows.push({ text: `Amount to collect: ${amountToPay(order)}`, bold: true, size: 12, gapBefore: 6 });
    rows.push({ text: `Weighed total: ${BLANK}`, size: 10, gapBefore: 4 });
  } else {
    rows.push({ text: 'Amount to collect (pay at pickup)', right: amountToPay(order), bold: true, size: 12, gapBefore: 6 });
  }
  rows.push({ text: farmName, size: 8, gapBefore: 2 });
  return rows;
}

/** Slips one after another down Letter pages, a dashed cut line between them; a slip never splits across pages. */
async function renderSlips(list: Order[], farmName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slips: ${list[0].window.date}`);
  pdf.setCreator('Farmstand');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const supported = new Set(fonts.regular.getCharacterSet());
  const width = PAGE[0] - 2 * MARGIN - 2 * PADDING;

  let page: PDFPage | null = null;
  let cursor = 0;
  for (const order of list) {
    // Lay the slip out first (wrapped lines), so its height is known before it is placed.
    const placed: { text: string; right?: string; font: PDFFont; size: number; x: number; dy: number }[] = [];
    let height = PADDING;
    for (const row of slipRows(order, farmName)) {
      const font = row.bold ? fonts.bold : fonts.regular;
      const right = row.right ? printable(row.right, supported) : undefined;
      const room = width - (row.indent ?? 0) - (right ? font.widthOfTextAtSize(right, row.size) + 12 : 0);
      height += row.gapBefore ?? 0;
      wrap(printable(row.text, supported), font, row.size, room).forEach((text, index) => {
        height += row.size * LINE;
        placed.push({ text, right: index === 0 ? right : undefined, font, size: row.size, x: row.indent ?? 0, dy: height });
      });
    }
    height += PADDING;

    if (!page || cursor - height < MARGIN) {
      page = pdf.addPage(PAGE);
      cursor = PAGE[1] - MARGIN;
    } else {
      // The cut line between two slips on one page.
      page.drawLine({
        start: { x: MARGIN, y: cursor },
        end: { x: PAGE[0] - MARGIN, y: cursor },
        thickness: 0.75,
        dashArray: [6, 4],
        color: rgb(0.4, 0.4, 0.4),
      });
    }
    const top = cursor;
    for (const line of placed) {
      const y = top - line.dy + line.size * (LINE - 1);
      page.drawText(line.text, { x: MARGIN + PADDING + line.x, y, size: line.size, font: line.font });
      if (line.right) {
        const rightWidth = line.font.widthOfTextAtSize(line.right, line.size);
        page.drawText(line.right, { x: PAGE[0] - MARGIN - PADDING - rightWidth, y, size: line.size, font: line.font });
      }
    }
    cursor = top - height;
  }
  return pdf.save();
}

// --- bag labels on the label maker's sheets ----------------------------------------------------

/** The label's text, most detailed first: with the note, then without it, then items summed up. */
function bagLabelVersions(order: Order, supported: Set<number>): LabelBlock[][] {
  const zone = order.window.time_zone;
  const start = new Date(order.window.starts_at);
  const p = (text: string) => printable(text, supported);
  const head: LabelBlock[] = [
    {
      field: 'shopper',
      text: p(order.standing_id !== null ? `${order.shopper.name} · Standing` : order.shopper.name),
      font: 'bold',
      role: 'name',
    },
    {
      field: 'pickup',
      text: p(`${shortDayFormat(zone).format(start)}, ${windowTimes(order)} · ${placeLine(order)}`),
      font: 'regular',
      role: 'body',
    },
  ];
  if (order.fulfilment === 'delivery' && order.delivery_address) {
    head.push({ field: 'delivery', text: p(`Deliver to: ${order.delivery_address}`), font: 'regular', role: 'body' });
  }
  const items: LabelBlock = { field: 'items', text: p(order.items.map(itemText).join('; ')), font: 'regular', role: 'body' };
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const summary: LabelBlock = {
    field: 'items',
    text: `${order.items.length} ${order.items.length === 1 ? 'product' : 'products'}, ${count} in all: see the packing slip`,
    font: 'regular',
    role: 'body',
  };
  const collect: LabelBlock = {
    field: 'collect',
    text: `Collect ${collectText(order)} at pickup`,
    font: 'bold',
    role: 'body',
  };
  const note: LabelBlock[] = order.note ? [{ field: 'note', text: p(`Note: ${order.note}`), font: 'regular', role: 'body' }] : [];
  return [
    [...head, items, ...note, collect],
    [...head, items, collect],
    [...head, summary, collect],
  ];
}

/**
 * One label per order on the chosen sheet, laid out by the label maker's own layout (its
 * QR-code corner carries the order number in large type). A label that cannot fit even with its
 * items summed up is refused, naming the larger sheets.
 */
async function renderBagLabels(list: Order[], sheetId: LabelSheetId, farmName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = loadPdfLib();
  const sheet = LABEL_SHEETS[sheetId];
  const metrics = standardFontMetrics();
  const pdf: PDFDocument = await PDFDocument.create();
  pdf.setTitle(`Bag labels: ${list[0].window.date}${farmName ? ` (${farmName})` : ''}`);
  pdf.setCreator('Farmstand label maker');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const pageSize: [number, number] = [sheet.pageWidth * POINTS_PER_INCH, sheet.pageHeight * POINTS_PER_INCH];
  let page: PDFPage | null = null;
  list.forEach((order, index) => {
    const layout = bagLabelVersions(order, metrics.supported)
      .map((blocks) => layoutLabel(sheet, blocks, metrics.measure))
      .find((result) => result.ok);
    if (!layout?.ok) {
      const larger = LABEL_SHEETS_BY_SIZE.slice(LABEL_SHEETS_BY_SIZE.indexOf(sheetId) + 1).map((id) => LABEL_SHEETS[id].name);
      const advice = larger.length > 0 ? `Choose a larger label: ${larger.join(' or ')}.` : 'Print packing slips instead.';
      throw badRequest(`The bag label of order #${order.id} does not fit on ${sheet.name}. ${advice}`, 'sheet');
    }
    const slot = sheetSlot(sheetId, index);
    if (!page || slot.first) page = pdf.addPage(pageSize);
    for (const line of layout.layout.lines) {
      page.drawText(line.text, { x: slot.x + line.x, y: slot.y + line.y, size: line.size, font: fonts[line.font] });
    }
    // The order number, as large as the corner allows: the bag's name when the stand is busy.
    const { qr } = layout.layout;
    const number = `#${order.id}`;
    const size = Math.min(qr.size * 0.5, (qr.size / fonts.bold.widthOfTextAtSize(number, 1)) * 0.95);
    page.drawText(number, {
      x: slot.x + qr.x + (qr.size - fonts.bold.widthOfTextAtSize(number, size)) / 2,
      y: slot.y + qr.y + (qr.size - size) / 2,
      size,
      font: fonts.bold,
    });
  });
  return pdf.save();
}

// --- harvest list ------------------------------------------------------------------------------

/**
 * What to pick per product over `from`–`to` (local pickup dates): accepted and ready orders, and
 * open requests counted apart. Picked-up and closed orders are done and not counted.
 */
export async function harvestList(
  ctx: AppContext,
  producer: AuthUser,
  query: { from: string; to: string },
): Promise<HarvestResponse> {
  // Requests past their 48 hours are expired first, so they never count as open.
  await expireOverdue(ctx, { producerUserId: producer.id });
  const inRange = and(
    eq(orders.producerUserId, producer.id),
    gte(orders.windowDate, query.from),
    lte(orders.windowDate, query.to),
    inArray(orders.status, ['requested', 'accepted', 'ready']),
  );
  const [rows, days, farm] = await Promise.all([
    ctx.db
      .select({
        productId: orderItems.productId,
        name: orderItems.productName,
        variantName: orderItems.variantName,
        priceUnit: orderItems.priceUnit,
        weightUnit: orderItems.weightUnit,
        packMin: orderItems.packMin,
        packMax: orderItems.packMax,
        date: orders.windowDate,
        requested: sql<boolean>`${orders.status} = 'requested'`.mapWith(Boolean),
        quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
        orderCount: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      // A line dropped in a short harvest has nothing to pick.
      .where(and(inRange, gt(orderItems.quantity, 0)))
      .groupBy(
        orderItems.productId,
        orderItems.productName,
        orderItems.variantName,
        orderItems.priceUnit,
        orderItems.weightUnit,
        orderItems.packMin,
        orderItems.packMax,
        orders.windowDate,
        sql`${orders.status} = 'requested'`,
      )
      .orderBy(asc(orderItems.productName)),
    ctx.db
      .selectDistinct({ date: orders.windowDate, pointName: orders.pointName, kind: orders.pointKind })
      .from(orders)
      .where(inRange)
      .orderBy(asc(orders.windowDate), asc(orders.pointName)),
    findFarm(ctx.db, producer.id),
  ]);

  const lines = new Map<string, HarvestLine>();
  for (const row of rows) {
    // Each variant is its own line to pick ("Grass-fed beef (Ribeye, pair)"); a by-weight line is
    // counted in packs of its range, so packs of another range are a line of their own (decision 544).
    const name = lineName(row.name, row.variantName);
    const packMin = row.packMin === null ? null : Number(row.packMin);
    const packMax = row.packMax === null ? null : Number(row.packMax);
    const key = `${row.productId ?? row.name}|${name}|${row.priceUnit ?? ''}|${row.weightUnit ?? ''}|${packMin}|${packMax}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        product_id: row.productId,
        product_name: row.name,
        name,
        price_unit: row.priceUnit,
        weight_unit: row.weightUnit,
        pack_min: row.weightUnit === null ? null : packMin,
        pack_max: row.weightUnit === null ? null : packMax,
        quantity: 0,
        order_count: 0,
        requested_quantity: 0,
        request_count: 0,
        dates: [],
      };
      lines.set(key, line);
    }
    if (row.requested) {
      line.requested_quantity += row.quantity;
      line.request_count += row.orderCount;
    } else {
      line.quantity += row.quantity;
      line.order_count += row.orderCount;
    }
    if (!line.dates.includes(row.date)) line.dates.push(row.date);
  }
  for (const line of lines.values()) line.dates.sort();
  return {
    from: query.from,
    to: query.to,
    farm_name: farm?.farmName ?? '',
    lines: [...lines.values()],
    days: days.map((d) => ({ date: d.date, point_name: d.pointName, kind: d.kind })),
  };
}
