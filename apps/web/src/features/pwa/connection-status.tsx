import { BACK_ONLINE_BANNER_MS, TEXTS } from '@farmstand/shared';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '@/app/layout/icons';
import { WifiOffIcon } from '@/components/ui/icons';
import { SAVED_COPY_EVENT, savedCopyShownAt } from '@/lib/api';
import { useOnlineStatus } from './use-online-status';

/**
 * Kept for the browser tab while it stays offline: a banner dismissed before an offline reload is
 * not shown again by the reload (decision 530). Cleared when the connection returns.
 */
const DISMISSED_KEY = 'offlineNoticeDismissed';
const session = {
  get: () => {
    try {
      return sessionStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  },
  set: (dismissed: boolean) => {
    try {
      if (dismissed) sessionStorage.setItem(DISMISSED_KEY, '1');
      else sessionStorage.removeItem(DISMISSED_KEY);
    } catch {
      /* storage unavailable: the dismissal lives for this page only */
    }
  },
};

/**
 * Spec 01 §2, §4: an amber banner while offline (dismissible until the next time the connection
 * drops, and a reload while still offline keeps it dismissed), a green one for 3 seconds when it
 * comes back, and on phones a card explaining what still works. A page shown from its saved copy
 * says "offline" once: "Saved copy — you're offline. Some features may not be available."
 */
export function ConnectionStatus() {
  const isOnline = useOnlineStatus();
  const [isDismissed, setIsDismissed] = useState(() => !isOnline && session.get());
  const [showBackOnline, setShowBackOnline] = useState(false);
  const wasOffline = useRef(!isOnline);
  const showsSavedCopy = useSavedCopy(isOnline);

  useEffect(() => {
    if (!isOnline) {
      // A drop seen by this page is a new one: the banner shows again. A page loaded offline keeps
      // what was decided before its reload.
      if (!wasOffline.current) {
        setIsDismissed(false);
        session.set(false);
      }
      wasOffline.current = true;
      setShowBackOnline(false);
      return;
    }
    session.set(false);
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setShowBackOnline(true);
    const timer = window.setTimeout(() => setShowBackOnline(false), BACK_ONLINE_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [isOnline]);

  return (
    <div aria-live="polite">
      {!isOnline && !isDismissed && (
        <div
          role="status"
          className="flex items-center gap-3 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          <WifiOffIcon className="h-5 w-5 shrink-0" />
          <p className="flex-1">
            {showsSavedCopy ? (
              <>
                <strong>Saved copy — you're offline.</strong> {OFFLINE_REST}
              </>
            ) : (
              TEXTS.offline
            )}
          </p>
          <button
            type="button"
            onClick={() => {
              setIsDismissed(true);
              session.set(true);
            }}
            className="rounded p-1 hover:bg-amber-200 dark:hover:bg-amber-800"
            aria-label="Dismiss offline notice"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      )}
      {showBackOnline && (
        <div role="status" className="bg-green-700 px-4 py-2 text-center text-sm font-medium text-white">
          {TEXTS.backOnline}
        </div>
      )}
      {!isOnline && <LimitedFunctionalityCard />}
    </div>
  );
}

/** The spec's offline text after its "You're offline.", which the saved-copy notice already says. */
const OFFLINE_REST = TEXTS.offline.replace(/^You're offline\.\s*/, '');

/** Whether the page shows answers the service worker saved earlier; reset when the connection returns. */
function useSavedCopy(isOnline: boolean): boolean {
  const [saved, setSaved] = useState(() => !isOnline && savedCopyShownAt > 0);
  useEffect(() => {
    if (isOnline) {
      setSaved(false);
      return;
    }
    const mark = () => setSaved(true);
    window.addEventListener(SAVED_COPY_EVENT, mark);
    return () => window.removeEventListener(SAVED_COPY_EVENT, mark);
  }, [isOnline]);
  return saved;
}

/** Phones only: what still works without a connection. */
function LimitedFunctionalityCard() {
  return (
    <section
      aria-labelledby="limited-heading"
      className="m-4 rounded-xl border border-amber-300 bg-white p-4 shadow-sm md:hidden dark:border-amber-700 dark:bg-stone-900"
    >
      <h2 id="limited-heading" className="font-semibold">
        Limited Functionality
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        You can still move around Farmstand and read what was loaded. Searching, messages, favorites and signing in need a
        connection; they come back as soon as you are online.
      </p>
    </section>
  );
}
