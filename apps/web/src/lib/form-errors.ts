import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Runs the shared request schema (the server's own rules) on the form's converted values and puts
 * each problem under its field. Returns the parsed request, or null when something is wrong.
 */
export function validateWith<S extends z.ZodType, F extends FieldValues>(
  schema: S,
  request: unknown,
  setError: UseFormSetError<F>,
): z.output<S> | null {
  const result = schema.safeParse(request);
  if (result.success) return result.data;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    if (seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<F>, { message: issue.message });
  }
  return null;
}

/** '' → null, '12' → 12, 'abc' → NaN (which the schema then reports). */
export const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
