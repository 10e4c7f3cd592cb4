import { findUnsafeText, unsafeTextMessage } from '@farmstand/shared';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** The shape fastify-type-provider-zod gives its issues, so the errors plugin reports this like any field error. */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The contract's validator with the one input rule in front: a NUL character or an
 * unpaired surrogate anywhere in a body, query or path value (or object key) answers 400 naming the
 * field, before the route's schema and long before the database, which would fail on it.
 */
export const textSafeValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const path = findUnsafeText(data);
    if (!path) return validate(data);
    const issue = {
      [ZOD_ISSUE]: true,
      keyword: 'custom',
      instancePath: `/${path.join('/')}`,
      schemaPath: '#/text',
      message: unsafeTextMessage(path),
      params: {},
    };
    return { error: [issue] as unknown as Error };
  };
};
