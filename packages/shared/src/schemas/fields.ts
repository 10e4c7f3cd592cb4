import { z } from 'zod';
import { parseDateOnly } from '../format/date-only';

/** Field builders shared by the producer and product contracts: one wording for every message. */

/** Optional free text: trimmed, empty becomes null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** YYYY-MM-DD calendar date; empty means none. */
export const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || parseDateOnly(v) !== null, {
      message: `${label} must be a date (YYYY-MM-DD)`,
    });
