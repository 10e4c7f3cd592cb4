import { z } from 'zod';

/**
 * Label stock the label maker prints on (issue 14). Measures are inches, from the sheets' published
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

/** Query of GET /api/products/{id}/labels. */
export const LabelPrintQuery = z.object({
  sheet: z.enum(LABEL_SHEET_IDS as [LabelSheetId, ...LabelSheetId[]], {
    error: `Label sheet must be one of: ${LABEL_SHEET_IDS.join(', ')}`,
  }),
  count: z.coerce
    .number({ error: 'Number of labels must be a number' })
    .int('Number of labels must be a whole number')
    .min(1, 'Print at least 1 label')
    .max(MAX_LABELS_PER_PRINT, `Print at most ${MAX_LABELS_PER_PRINT} labels at a time`),
  processing_date: z
    .string({ error: 'Processing date is required (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Processing date must be a date (YYYY-MM-DD)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Processing date must be a real date'),
});
export type LabelPrintQuery = z.infer<typeof LabelPrintQuery>;
