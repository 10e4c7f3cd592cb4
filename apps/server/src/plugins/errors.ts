import { fieldLabel, installValidationMessages } from '@farmstand/shared/schemas/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

// Every zod message reads like a person wrote it and names its field (issue 10 item 19).
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
    const label = fieldLabel((first?.instancePath ?? '').split('/').filter(Boolean));
    const detail = first?.message ?? 'is invalid';
    const rawName = (first?.instancePath ?? '').split('/').filter(Boolean).pop() ?? '';
    const namesField = [label, rawName].some((name) => name && detail.toLowerCase().includes(name.toLowerCase()));
    const message = namesField ? detail : `${label}: ${detail}`;
    return reply.status(400).send({ message, field: first?.instancePath.replace(/^\//, '') || undefined });
  }
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.statusCode).send({ message: error.message, field: error.field });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: clientMessage(error, status) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: GENERIC_500 });
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
