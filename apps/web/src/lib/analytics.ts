import { STORAGE_KEYS } from '@farmstand/shared';
import type { AnalyticsEventType, AnalyticsMetadata } from '@farmstand/shared/schemas/analytics';
import { getToken } from './storage';

const TRACK_URL = '/api/analytics/track';

/** Event-specific fields; page, referrer, timestamp and sessionId are added here. */
export type TrackFields = Omit<AnalyticsMetadata, 'page' | 'referrer' | 'timestamp' | 'sessionId'>;

let memorySessionId: string | null = null;

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** One id per browser session (sessionStorage), kept in memory when storage is unavailable (spec 01 §3). */
export function getAnalyticsSessionId(): string {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEYS.analyticsSession);
    if (stored) return stored;
    const created = newSessionId();
    sessionStorage.setItem(STORAGE_KEYS.analyticsSession, created);
    return created;
  } catch {
    memorySessionId ??= newSessionId();
    return memorySessionId;
  }
}

/**
 * Sends one usage event. Never throws and never blocks the page: a failed call is only logged (spec 01 §8).
 * fetch with keepalive survives navigation and can carry the sign-in token; sendBeacon is the fallback.
 */
export function track(eventType: AnalyticsEventType, fields: TrackFields = {}): void {
  try {
    const metadata: AnalyticsMetadata = {
      ...fields,
      page: window.location.pathname.slice(0, 500),
      referrer: document.referrer.slice(0, 1000) || undefined,
      timestamp: new Date().toISOString(),
      sessionId: getAnalyticsSessionId(),
    };
    const body = JSON.stringify({ eventType, metadata });
    const token = getToken();
    if (typeof fetch === 'function') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      fetch(TRACK_URL, { method: 'POST', headers, body, keepalive: true })
        .then((response) => {
          if (!response.ok) console.error(`Analytics call failed (${response.status})`);
        })
        .catch((error: unknown) => console.error('Analytics call failed', error));
      return;
    }
    navigator.sendBeacon(TRACK_URL, new Blob([body], { type: 'application/json' }));
  } catch (error) {
    console.error('Analytics call failed', error);
  }
}
