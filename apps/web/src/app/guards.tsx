import type { UserType } from '@farmstand/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/card';
import { useAuth } from '../features/auth/auth-context';

/** Guests go to /login (and come back after signing in). */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: UserType[] }) {
  const { isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (roles && !roles.includes(user.userType)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** Signed-in users are sent away from /login and /register. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
