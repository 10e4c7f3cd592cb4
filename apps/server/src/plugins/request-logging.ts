import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request slower than this is worth a line in the log whatever its outcome. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Replaces Fastify's two lines per request (docs/decisions/061): every request is logged at debug,
 * and only failed (5xx) or slow ones at warn, so the default level costs nothing per fast request.
 * Fastify's other lines (stream and serializer errors, 404s) are kept as they are; errors
 * themselves are logged with their stack by the errors plugin.
 */
export class RequestLogController extends LogController {
  private readonly logsEveryRequest: boolean;

  constructor(level: string) {
    super();
    this.logsEveryRequest = level === 'debug' || level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.logsEveryRequest) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    const failed = Boolean(error) || reply.statusCode >= 500;
    if (!failed && responseTime < SLOW_REQUEST_MS && !this.logsEveryRequest) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime,
      err: error ?? undefined,
    };
    if (failed) reply.log.warn(line, 'request failed');
    else if (responseTime >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }
}
