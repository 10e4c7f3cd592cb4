import { useEffect, useSyncExternalStore } from 'react';

/** What React needs of an offline session (`lib/offline-session.ts`): its state and its loop. */
type Session<S> = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => S;
  start: () => Promise<void>;
  setOnline: (online: boolean) => void;
};

/**
 * A session's state as React reads it, started once mounted and told when the device goes online or
 * offline: the stand's register and the market's info booth both run their queue through this.
 */
export function useOfflineSession<T extends Session<unknown>>(
  session: T,
): { session: T; snapshot: ReturnType<T['getSnapshot']> } {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot) as ReturnType<T['getSnapshot']>;
  useEffect(() => {
    void session.start();
    const online = () => session.setOnline(true);
    const offline = () => session.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [session]);
  return { session, snapshot };
}
