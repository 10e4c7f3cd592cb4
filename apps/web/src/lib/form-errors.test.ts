import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestResolver, wholePath } from './form-errors';

const Request = z.object({ price: z.number().int().min(1, 'Enter a price'), tags: z.array(z.string().min(1, 'Name the tag')) });
type Values = { price: string; tags: string[] };
const resolve = (values: Values, fieldOf?: (path: readonly PropertyKey[]) => string) =>
  requestResolver(
    Request,
    (v: Values, problem) => {
      if (!/^\d*$/.test(v.price)) problem('price', 'Whole cents, please');
      return { price: Number(v.price), tags: v.tags };
    },
    fieldOf,
  )(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('a form checked with the request’s schema', () => {
  it('hands over the parsed request when the form is right', async () => {
    expect(await resolve({ price: '250', tags: ['eggs'] })).toEqual({ values: { price: 250, tags: ['eggs'] }, errors: {} });
  });

  it('puts what the form could not read before the schema’s words, each problem under its field', async () => {
    const { errors } = await resolve({ price: 'abc', tags: ['eggs', ''] });
    expect(errors).toEqual({
      price: { type: 'validate', message: 'Whole cents, please' },
      tags: { type: 'validate', message: 'Name the tag' },
    });
  });

  it('puts a list’s problem under its row with the whole path', async () => {
    const { errors } = await resolve({ price: '0', tags: ['', 'eggs'] }, wholePath);
    expect(errors).toEqual({
      price: { type: 'validate', message: 'Enter a price' },
      tags: [{ type: 'validate', message: 'Name the tag' }],
    });
  });
});
