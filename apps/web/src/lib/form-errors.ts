import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type Resolver,
  set,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
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

/** The form field a problem of the request goes under: the first part of its path ("price"). */
const firstPart = (path: readonly PropertyKey[]) => String(path[0] ?? 'root');

/** A problem's whole path ("sources.0.url"), for a form whose lists are the request's lists. */
export const wholePath = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'root';

/**
 * A form whose fields are not the request as typed (text that becomes numbers or nulls, lists, values
 * derived from others): `toRequest` builds the request from the form's values and reports what it
 * cannot read itself (`problem(field, message)`, said before the schema's own words for that field);
 * the request's shared schema (the server's rules) then checks it, each problem under the field
 * `fieldOf` names, in the schema's words or those `messageOf` gives. `handleSubmit` hands over the parsed request, focusing the first field in error
 * otherwise. Use with `reValidateMode: 'onSubmit'`: errors stay until the next try, as they did.
 */
export function requestResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  toRequest: (values: F, problem: (field: string, message: string) => void) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = firstPart,
  messageOf: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): Resolver<F, unknown, z.output<S>> {
  return (values) => {
    const found = new Map<string, string>();
    const problem = (field: string, message: string) => {
      if (!found.has(field)) found.set(field, message);
    };
    const result = schema.safeParse(toRequest(values, problem));
    if (!result.success) for (const issue of result.error.issues) problem(fieldOf(issue.path), messageOf(issue));
    if (result.success && found.size === 0) return { values: result.data, errors: {} };
    const errors: FieldErrors<F> = {};
    for (const [field, message] of found) set(errors, field, { type: 'validate', message });
    return { values: {}, errors };
  };
}

/** A value the form holds that is no input (a list, a set of checkboxes), as `value` and `onChange`. */
export function bind<F extends FieldValues, N extends Path<F>>(form: Pick<UseFormReturn<F>, 'watch' | 'setValue'>, name: N) {
  return {
    value: form.watch(name),
    onChange: (value: PathValue<F, N>) => form.setValue(name, value, { shouldDirty: true }),
  };
}

/** The message under a path of the form's errors ("sources.0.url"). */
export const messageAt = (errors: FieldErrors, path: string) => (get(errors, path) as FieldError | undefined)?.message;
