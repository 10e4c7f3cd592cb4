import type { VerifyEmailResponse } from '@farmstand/shared';
import { api } from '../../lib/api';

/**
 * Verification tokens are single-use, and React StrictMode runs effects twice in development:
 * every caller asking about the same token shares one request, so the server sees it once.
 */
const inFlight = new Map<string, Promise<VerifyEmailResponse>>();

export function verifyEmailOnce(
  token: string,
  send = (t: string) => api.post<VerifyEmailResponse>('/auth/verify-email', { token: t }),
) {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = send(token);
    inFlight.set(token, pending);
  }
  return pending;
}
