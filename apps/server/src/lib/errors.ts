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

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (as its cause). */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** PostgreSQL unique-violation, for turning races into a 409 instead of a 500. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * A number too large for its column (22003, numeric_value_out_of_range). Each rule bounds its own
 * amounts with a sentence of its own (an order's total: `ORDER_LIMITS.maxTotal`); this is the one
 * guard behind them all, so that no write path, present or future, answers a 500 because a number
 * was big. The statement failed, so its transaction wrote nothing.
 */
export const isNumberTooLarge = (error: unknown): boolean => sqlState(error) === '22003';
export const NUMBER_TOO_LARGE = 'A number in this request is too large to be saved; check the amounts and quantities';
