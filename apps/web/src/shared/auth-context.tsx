import type { AuthResponse, RegisterRequest, User } from '@farmstand/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api';
import { clearToken, getToken, SIGNED_OUT_EVENT, setToken } from '@/lib/storage';

type AuthState = {
  user: User | null;
  token: string | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  login: (email: string, password: string) => Promise<User>;
  /** Keeps a session the API answered outside sign-in (a password reset signs the user in fresh). */
  startSession: (session: AuthResponse) => void;
  register: (input: RegisterRequest) => Promise<AuthResponse>;
  logout: () => void;
  updateUser: (fields: Partial<User>) => void;
  refreshUser: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/** Spec 01 §4: loading while a stored token is checked; a failed check signs the user out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState<boolean>(() => getToken() !== null);

  const refreshUser = useCallback(async () => {
    try {
      setUser(await api.get<User>('/auth/me'));
    } catch (error) {
      console.error('could not load the current user', error);
      clearToken();
      setTokenState(null);
      setUser(null);
    }
  }, []);

  useEffect(() => {
    if (!getToken()) return;
    refreshUser().finally(() => setIsLoading(false));
  }, [refreshUser]);

  // A session the API refused (a 401 anywhere) ends here too: public pages carry on for a guest,
  // guarded pages send the person to sign in and back.
  useEffect(() => {
    const onSignedOut = () => {
      if (getToken()) return;
      setTokenState(null);
      setUser(null);
    };
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const result = await api.post<AuthResponse>('/auth/login', { email, password });
    setToken(result.token);
    setTokenState(result.token);
    setUser(result.user);
    track('user_login', { userType: result.user.userType });
    return result.user;
  }, []);

  const startSession = useCallback((session: AuthResponse) => {
    setToken(session.token);
    setTokenState(session.token);
    setUser(session.user);
  }, []);

  /** The registration token is not kept: the user verifies the e-mail, then signs in (spec 01 §2). */
  const register = useCallback((input: RegisterRequest) => api.post<AuthResponse>('/auth/register', input), []);

  const logout = useCallback(() => {
    // Sent before the token is cleared so the event still names the user.
    track('user_logout', { userType: user?.userType });
    clearToken();
    setTokenState(null);
    setUser(null);
  }, [user?.userType]);

  const updateUser = useCallback((fields: Partial<User>) => {
    setUser((current) => (current ? { ...current, ...fields } : current));
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isLoading,
      isAuthenticated: user !== null,
      login,
      startSession,
      register,
      logout,
      updateUser,
      refreshUser,
    }),
    [user, token, isLoading, login, startSession, register, logout, updateUser, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
