import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming id is kept only when it is short and plain, so it cannot forge log lines or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the load balancer's or client's `x-request-id` when sane, a UUID otherwise.
 * Fastify puts it in every log line of the request (reqId); the observability plugin echoes it.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
