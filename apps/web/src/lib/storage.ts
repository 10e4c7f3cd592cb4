import { STORAGE_KEYS } from '@farmstand/shared';
import { clearCopies } from './saved-copies';

/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

export const getToken = () => storage.get(STORAGE_KEYS.token);
export const setToken = (token: string) => storage.set(STORAGE_KEYS.token, token);

/** Sent on window when the session ends, so what a page holds in memory for the user goes too. */
export const SIGNED_OUT_EVENT = 'farmstand:signed-out';
/**
 * What the browser keeps for the person signed in, which the next person at a shared computer must
 * not see. A guest's basket survives signing in (it stays until sign-out); nothing survives signing out.
 */
const PERSONAL_KEYS = [STORAGE_KEYS.baskets, STORAGE_KEYS.pickupName, STORAGE_KEYS.marketBaskets];

/**
 * Ends the session in this browser: sign-out, a 401 from the API and a stored session the server
 * no longer accepts all come here. It also drops the API answers kept for offline reading
 * and the user's baskets and pickup name.
 */
export const clearToken = () => {
  storage.remove(STORAGE_KEYS.token);
  for (const key of PERSONAL_KEYS) storage.remove(key);
  clearCopies();
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
};
