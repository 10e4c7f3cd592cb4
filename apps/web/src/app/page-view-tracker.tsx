import { PAGE_VIEW_DELAY_MS } from '@farmstand/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { track } from '@/lib/analytics';
import { whenIdle } from '@/lib/idle';

/**
 * A page view at startup and PAGE_VIEW_DELAY_MS after each history navigation (spec 01 §7); the delay lets the
 * new page set its path and title first.
 */
export function PageViewTracker() {
  const location = useLocation();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (lastTracked.current === location.key) return;
    const isStartup = lastTracked.current === null;
    lastTracked.current = location.key;
    if (isStartup) {
      // Not in the tasks that draw the first page.
      whenIdle(() => track('page_view'));
      return;
    }
    const timer = window.setTimeout(() => track('page_view'), PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return null;
}
