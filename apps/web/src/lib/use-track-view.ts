import type { AnalyticsEventType } from '@farmstand/shared/schemas/analytics';
import { useEffect, useRef } from 'react';
import { type TrackFields, track } from './analytics';
import { whenIdle } from './idle';

/**
 * Sends a view event once per viewed thing (`key`), as soon as its fields are known (the page's data loaded);
 * pass null while loading. Re-renders and refetches do not count as new views.
 */
export function useTrackView(eventType: AnalyticsEventType, key: string | number, fields: TrackFields | null | undefined) {
  const tracked = useRef<string | number | null>(null);
  useEffect(() => {
    if (!fields || tracked.current === key) return;
    tracked.current = key;
    // Not in the tasks that draw the page.
    whenIdle(() => track(eventType, fields));
  }, [eventType, key, fields]);
}
