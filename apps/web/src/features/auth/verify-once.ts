import { api } from '../../lib/api';

/**
 * Verification tokens are single-use, and React StrictMode runs effects twice in development:
 * every caller asking about the same token shares one request, so the server sees it once.
 */
const inFlight = new Map<string, Promise<void>>();

export function verifyEmailOnce(token: string, send = (t: string) => api.post<unknown>('/auth/verify-email', { token: t })) {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = send(token).then(() => undefined);
    inFlight.set(token, pending);
  }
  return pending;
}
