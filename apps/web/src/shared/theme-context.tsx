import { STORAGE_KEYS } from '@farmstand/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { storage } from '@/lib/storage';

type ThemeState = { isDark: boolean; toggle: () => void };
const ThemeContext = createContext<ThemeState | null>(null);

function initialDark(): boolean {
  const saved = storage.get(STORAGE_KEYS.darkMode);
  if (saved !== null) return saved === 'true';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Dark mode kept under `darkMode`; follows the system until the user chooses (spec 01 §4). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDark, setIsDark] = useState(initialDark);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);

  const toggle = useCallback(() => {
    setIsDark((dark) => {
      storage.set(STORAGE_KEYS.darkMode, String(!dark));
      return !dark;
    });
  }, []);

  return <ThemeContext.Provider value={{ isDark, toggle }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
