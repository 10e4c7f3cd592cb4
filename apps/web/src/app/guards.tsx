import type { UserType } from '@farmstand/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { loginPathFor, pathAfterSignIn } from '@/lib/next-path';
import { useAuth } from '@/shared/auth-context';

/** Guests, and a session that just ended, go to /login?next=<this page> and come back after signing in. */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: UserType[] }) {
  const { isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (roles && !roles.includes(user.userType)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** Signed-in users are sent away from /login and /register: to the page that asked for sign-in, or the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to={pathAfterSignIn(params, location.state)} replace />;
  return <>{children}</>;
}

/** The pages a stand helper (decision 579) may open: the farm's stand and their own password. */
const STAND_HELPER_PAGES = ['/stand', '/account/password'];

/** A stand helper sees only the stand: any other page (the dashboard, the shop, messages) sends them to /stand. */
export function StandHelperFence({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const allowed = STAND_HELPER_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  if (user?.userType === 'stand_helper' && !allowed) return <Navigate to="/stand" replace />;
  return <>{children}</>;
}
