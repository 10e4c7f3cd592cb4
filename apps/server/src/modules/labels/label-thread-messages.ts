import type { LabelPdfRequest } from './label-pdf';

/** What the main thread posts to the label thread: one PDF to render. */
export type ToLabelThread = { id: number; request: LabelPdfRequest };

/** The answer: the PDF, or the error (an AppError's status and field when it was one). */
export type FromLabelThread =
  | { id: number; pdf: Uint8Array }
  | { id: number; error: { message: string; statusCode?: number; field?: string } };
