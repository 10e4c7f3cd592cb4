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
/** Signing out also drops the API answers kept for offline reading (decisions 155, 203). */
export const clearToken = () => {
  storage.remove(STORAGE_KEYS.token);
  clearCopies();
};
