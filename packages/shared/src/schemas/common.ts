import { z } from 'zod';

/** `{ message }`: the one error body every failing call returns. */
export const ErrorResponse = z.object({ message: z.string() });

/** Largest id of a PostgreSQL serial column; a larger one would fail in the database, not in validation. */
export const MAX_DB_ID = 2_147_483_647;

/** A record id from a path, query or body: a whole number from 1 to MAX_DB_ID. */
export const dbId = (message = 'Id must be a positive whole number') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

export const IdParams = z.object({ id: dbId() });

/** Turns empty query values into undefined so `?category=&search=` means "no filter" (spec 01 §5). */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const Pagination = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});
