import { z } from 'zod';

/** `{ message }`: the one error body every failing call returns. */
export const ErrorResponse = z.object({ message: z.string() });

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Turns empty query values into undefined so `?category=&search=` means "no filter" (spec 01 §5). */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const Pagination = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});
