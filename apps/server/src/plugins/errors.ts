import { fieldLabel, installValidationMessages } from '@farmstand/shared/schemas/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isNumberTooLarge, NUMBER_TOO_LARGE } from '../lib/errors';

// Every zod message reads like a person wrote it and names its field.
installValidationMessages();

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** Every failure leaves as `{ message }` with the right status; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return answerError(error, request, reply);
    } catch (failure) {
      // The handler must never fail itself: Fastify's fallback would show the internal message.
      request.log.error({ err: failure, original: error }, 'error handler failed');
      return reply.status(500).send({ message: GENERIC_500 });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
});

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // '/ingredient_list/1' → ['ingredient_list', 1]: a list position is not a field name.
    const path = (first?.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const message = namedMessage(path, first?.message ?? 'is invalid');
    return reply.status(400).send({ message, field: first?.instancePath.replace(/^\//, '') || undefined });
  }
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.statusCode).send({ message: error.message, field: error.field });
  }
  if (isNumberTooLarge(error)) return reply.status(400).send({ message: NUMBER_TOO_LARGE });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: clientMessage(error, status) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: GENERIC_500 });
}

/** 'cap_per_window' → 'cap per window', 'timeRange' → 'time range'. */
const wireWords = (name: string) =>
  name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * The message a person reads: the schema's own sentence when it already names the field ('Cap must
 * be a number', 'Time range must be 7d, …'), 'User id must be …' for a bare 'Id must be …' on a
 * named parameter, else the field's label before the detail ('Search text: Enter a ZIP code …').
 */
export function namedMessage(path: (string | number)[], detail: string): string {
  const label = fieldLabel(path);
  const rawName = [...path].reverse().find((part): part is string => typeof part === 'string') ?? '';
  const lower = detail.toLowerCase();
  if ([label, rawName, wireWords(rawName)].some((name) => name && lower.includes(name.toLowerCase()))) return detail;
  if (/^Id\b/.test(detail) && rawName && label.toLowerCase() !== 'id') return `${label} id${detail.slice(2)}`;
  if (/^[A-Z][\w-]*(?: [\w-]+)? (?:must|is|are|cannot|can|needs|has)\b/.test(detail)) return detail;
  return `${label}: ${detail}`;
}

function clientMessage(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return 'The request is too large';
  if (status === 429) return error.message || 'Too many requests. Please slow down and try again shortly.';
  if (error.message?.startsWith('Unexpected token') || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'The request body is not valid JSON';
  return error.message || 'Bad request';
}
