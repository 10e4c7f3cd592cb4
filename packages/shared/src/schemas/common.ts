import { z } from 'zod';
import { MAX_DB_ID } from '../constants/limits';
import { isDateOnly } from '../format/date-only';
import { fieldLabel } from './validation-messages';

/** `{ message }`: the one error body every failing call returns. */
export const ErrorResponse = z.object({ message: z.string() });

// Defined with the zod-free constants so the web's first load can use it without loading zod.
export { MAX_DB_ID };

/**
 * A calendar day as YYYY-MM-DD that exists (2026-02-30 and 2026-13-01 do not): the one date-only
 * field of every request. `label` names it in the message.
 */
export const calendarDay = (label = 'Date') =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .refine(isDateOnly, `${label} must be a calendar day written like 2026-05-30`);

/** A record id from a path, query or body: a whole number from 1 to MAX_DB_ID. */
export const dbId = (message = 'Id must be a positive whole number') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

export const IdParams = z.object({ id: dbId() });

/**
 * A number in a request body: a JSON number, or numeric text as a form sends it. Unlike z.coerce,
 * null, '', booleans and arrays are refused with the schema's own message, never read as 0 or 1 (a
 * null quantity must not drop a line).
 */
export const numberInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

/** Turns empty query values into undefined so `?category=&search=` means "no filter" (spec 01 §5). */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * Degrees to 6 decimals (about 10 cm) and miles to 2: anything finer is noise, and a subnormal such
 * as 5e-323 passed on would underflow PostgreSQL's float math (radians(), sin()) into a 500.
 */
const roundTo = (places: number) => (value: number) => Math.round(value * 10 ** places) / 10 ** places + 0;

export const roundDegrees = roundTo(6);

const degrees = (name: string, limit: number) => {
  const message = `${name} must be between -${limit} and ${limit}`;
  return z.coerce.number({ error: message }).min(-limit, message).max(limit, message).transform(roundDegrees);
};
/** A latitude or longitude from a query string (search centres, map viewports). */
export const latitudeInput = degrees('Latitude', 90);
export const longitudeInput = degrees('Longitude', 180);

/** A search radius in miles, above zero once rounded to hundredths. */
export const radiusInput = (maxMiles: number) => {
  const message = `Radius must be a positive number of miles, at most ${maxMiles}`;
  return z.coerce.number({ error: message }).transform(roundTo(2)).pipe(z.number().positive(message).max(maxMiles, message));
};

export const Pagination = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

/**
 * The one input rule for every string of the contract: no NUL character (PostgreSQL
 * cannot store it in text) and no unpaired UTF-16 surrogate (no person types one; it cannot be
 * encoded as UTF-8). The server applies it to every body, query and path value before the route's
 * own schema runs (apps/server/src/plugins/text-input.ts); forms may use `safeText()`.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

export type TextPath = (string | number)[];

/** The path of the first string (value or object key) in parsed input that breaks the rule, or null. */
export function findUnsafeText(value: unknown, path: TextPath = [], depth = 0): TextPath | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? path : null;
  // Parsed JSON nests at most as deep as the body limit allows; a bound keeps a hostile body from costing the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeText(key)) return [...path, key];
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Names the field the way every other validation message does ("Search", "Site name"). */
export const unsafeTextMessage = (path: TextPath): string =>
  `${fieldLabel(path)} contains a character that is not allowed (a null character or a broken Unicode character)`;

/** A string that follows the input rule, for forms and schemas that want the check spelled out. */
export const safeText = () => z.string().refine((value) => !hasUnsafeText(value), { error: unsafeTextMessage([]) });
