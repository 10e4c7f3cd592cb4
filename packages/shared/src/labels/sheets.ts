import { z } from 'zod';
import { daysBetweenDates, isDateOnly, isoDate } from '../format/date-only';

/**
 * Label stock the label maker prints on. Measures are inches, from the sheets' published
 * templates: Avery 5163 is 2 columns × 5 rows of 4″ × 2″ on Letter; Avery 22806 is 3 × 4 squares of
 * 2″ × 2″ on Letter; the thermal label is one 4″ × 6″ page.
 */
export type LabelSheet = {
  name: string;
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  marginLeft: number;
  marginTop: number;
  /** Distance from one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
};

export const LABEL_SHEETS = {
  avery_5163: {
    name: 'Avery 5163 (2″ × 4″, 10 per Letter sheet)',
    pageWidth: 8.5,
    pageHeight: 11,
    labelWidth: 4,
    labelHeight: 2,
    columns: 2,
    rows: 5,
    marginLeft: 0.15625,
    marginTop: 0.5,
    pitchX: 4.1875,
    pitchY: 2,
  },
  avery_22806: {
    name: 'Avery 22806 (2″ × 2″, 12 per Letter sheet)',
    pageWidth: 8.5,
    pageHeight: 11,
    labelWidth: 2,
    labelHeight: 2,
    columns: 3,
    rows: 4,
    marginLeft: 0.625,
    marginTop: 0.625,
    pitchX: 2.625,
    pitchY: 2.5,
  },
  thermal_4x6: {
    name: '4″ × 6″ thermal label (one per page)',
    pageWidth: 4,
    pageHeight: 6,
    labelWidth: 4,
    labelHeight: 6,
    columns: 1,
    rows: 1,
    marginLeft: 0,
    marginTop: 0,
    pitchX: 4,
    pitchY: 6,
  },
} as const satisfies Record<string, LabelSheet>;
export type LabelSheetId = keyof typeof LABEL_SHEETS;
export const LABEL_SHEET_IDS = Object.keys(LABEL_SHEETS) as LabelSheetId[];

/** Sheets from the smallest label to the largest: a refusal suggests the next ones up. */
export const LABEL_SHEETS_BY_SIZE: LabelSheetId[] = ['avery_22806', 'avery_5163', 'thermal_4x6'];

/** One print run may fill at most 50 Letter sheets: enough for a market day, bounded for the server. */
export const MAX_LABELS_PER_PRINT = 500;

/** How far from today a batch's processing date may be: older stock still on the shelf, or a batch made ahead. */
export const PROCESSING_DATE_YEARS_BACK = 10;
export const PROCESSING_DATE_DAYS_AHEAD = 366;

/** Whether a processing date lies in the window around `today` (both 'YYYY-MM-DD'; compared as calendar days). */
export function processingDateInRange(value: string, today: string): boolean {
  const earliest = new Date(`${today}T00:00:00Z`);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - PROCESSING_DATE_YEARS_BACK);
  return value >= isoDate(earliest) && daysBetweenDates(today, value) <= PROCESSING_DATE_DAYS_AHEAD;
}

/** Query of GET /api/products/{id}/labels. */
export const LabelPrintQuery = z.object({
  sheet: z.enum(LABEL_SHEET_IDS as [LabelSheetId, ...LabelSheetId[]], {
    error: `Label sheet must be one of: ${LABEL_SHEET_IDS.join(', ')}`,
  }),
  count: z.coerce
    .number({ error: 'Number of labels (count) must be a number' })
    .int('Number of labels (count) must be a whole number')
    .min(1, 'Number of labels (count) must be at least 1')
    .max(MAX_LABELS_PER_PRINT, `Number of labels (count) must be at most ${MAX_LABELS_PER_PRINT} at a time`),
  processing_date: z
    .string({ error: 'Processing date is required (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Processing date must be a date (YYYY-MM-DD)')
    .refine(isDateOnly, 'Processing date must be a real date')
    .refine(
      (v) => !isDateOnly(v) || processingDateInRange(v, isoDate(new Date())),
      `Processing date must be within the last ${PROCESSING_DATE_YEARS_BACK} years and at most a year ahead`,
    ),
  /** A product sold by weight: the weighed pack's net weight, in the product's unit (decision 510). */
  weight: z.coerce
    .number({ error: 'Pack weight must be a number' })
    .positive('Pack weight must be more than 0')
    .max(2000, 'Pack weight is too high')
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Pack weight can have at most 3 decimals')
    .optional(),
});
export type LabelPrintQuery = z.infer<typeof LabelPrintQuery>;

/** GET /api/products/{id}/labels/sheets: whether the label is ready, and which sheets it fits (the others say why). */
export const LabelSheetsResponse = z.object({
  ready: z.boolean(),
  missing: z.array(z.string()),
  sheets: z.array(
    z.object({
      sheet: z.enum(LABEL_SHEET_IDS as [LabelSheetId, ...LabelSheetId[]]),
      name: z.string(),
      fits: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type LabelSheetsResponse = z.infer<typeof LabelSheetsResponse>;
