import { CLIENT_ERROR_LIMITS } from '@farmstand/shared/constants/limits';
import type { ClientErrorReport } from '@farmstand/shared/schemas/ops';
import { getToken } from './storage';

/** At most this many reports per minute leave one page; the server also limits per address. */
export const REPORTS_PER_MINUTE = 5;

const cut = (value: string | undefined, max: number) => (value && value.length > max ? value.slice(0, max) : value);

type Send = (report: ClientErrorReport) => void;

const sendByFetch: Send = (report) => {
  // keepalive lets a report made while the page unloads still leave; failures are ignored on purpose.
  void fetch('/api/client-errors', {
    method: 'POST',
    // Signed in, the report names the account (the admin sees whose page failed).
    headers: { 'content-type': 'application/json', ...(getToken() ? { authorization: `Bearer ${getToken()}` } : {}) },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
};

/**
 * Reports uncaught errors and unhandled promise rejections to the server (the admin's Logs tab
 * shows them): capped in size, the same message once a minute, at most REPORTS_PER_MINUTE.
 */
export function createErrorReporter(send: Send = sendByFetch, now: () => number = Date.now) {
  let windowStart = now();
  let sentInWindow = 0;
  const recent = new Map<string, number>();

  return function report(kind: ClientErrorReport['kind'], error: unknown, fallbackMessage?: string) {
    const message = cut(
      error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? fallbackMessage ?? 'Unknown error'),
      CLIENT_ERROR_LIMITS.message,
    )?.trim();
    if (!message) return;
    const at = now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      sentInWindow = 0;
    }
    if ((recent.get(message) ?? -Infinity) > at - 60_000) return;
    if (sentInWindow >= REPORTS_PER_MINUTE) return;
    sentInWindow++;
    recent.set(message, at);
    send({
      kind,
      message,
      stack: cut(error instanceof Error ? error.stack : undefined, CLIENT_ERROR_LIMITS.stack),
      url: cut(window.location.href, CLIENT_ERROR_LIMITS.url),
    });
  };
}

/** Listens for window errors and unhandled rejections once, for the whole app. */
export function installErrorReporter(report = createErrorReporter()): () => void {
  const onError = (event: ErrorEvent) => report('error', event.error ?? event.message, event.message);
  const onRejection = (event: PromiseRejectionEvent) => report('unhandledrejection', event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
