import { STORAGE_KEYS } from '@farmstand/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAnalyticsSessionId, track } from './analytics';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('analytics', () => {
  it('keeps one session id for the browser session', () => {
    const first = getAnalyticsSessionId();
    expect(first).toBeTruthy();
    expect(getAnalyticsSessionId()).toBe(first);
    expect(sessionStorage.getItem(STORAGE_KEYS.analyticsSession)).toBe(first);
  });

  it('sends the event with page, timestamp and session id', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    track('producer_view', { producerId: 7, producerName: 'Farm' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/analytics/track');
    expect(init.keepalive).toBe(true);
    const sent = JSON.parse(init.body);
    expect(sent).toMatchObject({ eventType: 'producer_view', metadata: { producerId: 7, sessionId: getAnalyticsSessionId() } });
    expect(Date.parse(sent.metadata.timestamp)).not.toBeNaN();
    vi.unstubAllGlobals();
  });

  it('swallows failures and only logs them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(() => track('page_view')).not.toThrow();
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    vi.stubGlobal('fetch', () => {
      throw new Error('boom');
    });
    expect(() => track('page_view')).not.toThrow();
    expect(logged).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});
