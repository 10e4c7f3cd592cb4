import type { AuthResponse, VerifyEmailResponse } from '@farmstand/shared';
import { api } from '@/lib/api';

/**
 * E-mailed tokens are single-use, and React StrictMode runs effects twice in development: every
 * caller asking about the same token shares one request, so the server sees it once.
 */
const inFlight = new Map<string, Promise<unknown>>();

function once<T>(key: string, send: () => Promise<T>): Promise<T> {
  let pending = inFlight.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = send();
    inFlight.set(key, pending);
  }
  return pending;
}

export function verifyEmailOnce(
  token: string,
  send = (t: string) => api.post<VerifyEmailResponse>('/auth/verify-email', { token: t }),
) {
  return once(`verify:${token}`, () => send(token));
}

/** The e-mailed sign-in link, used once however often the page asks. */
export function signInWithLinkOnce(
  token: string,
  send = (t: string) => api.post<AuthResponse>('/auth/email-link/sign-in', { token: t }),
) {
  return once(`sign-in:${token}`, () => send(token));
}
