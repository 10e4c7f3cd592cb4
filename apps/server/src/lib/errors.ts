/** The one error type of the app: an HTTP status and a message a person can act on. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
    /** Sent as Retry-After (429, 503). */
    public retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message: string) => new AppError(413, message);
export const unsupportedType = (message: string) => new AppError(415, message);
/** Every 429 says when to come back: the error handler sends `retryAfterSeconds` as Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  Object.assign(new AppError(429, message), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

/** PostgreSQL unique-violation, for turning races into a 409 instead of a 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
