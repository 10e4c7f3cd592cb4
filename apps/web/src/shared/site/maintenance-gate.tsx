import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { AlertIcon } from '@/components/ui/icons';
import { useAuth } from '../auth-context';
import { useMaintenanceWatch, useSiteQuery } from './api';

/** Sign-in stays reachable so an admin can get in (with a notice carrying the message); everything else is the maintenance screen. */
const OPEN_PATHS = ['/login'];

/**
 * With maintenance mode on, everyone but an admin sees the maintenance screen with the admin's
 * message on every route; admins use the site normally. Turning it off brings
 * the pages back on the next settings read (a 503 from any call triggers one at once).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  useMaintenanceWatch();
  const site = useSiteQuery();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const maintenance = site.data?.maintenance;
  const enabled = maintenance?.enabled === true;
  const { refetch } = site;
  // Moving to another page while the screen is up asks again at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    if (enabled) void refetch();
  }, [enabled, pathname, refetch]);
  if (!maintenance?.enabled || user?.userType === 'admin') return children;
  const siteName = site.data?.site_name ?? 'Farmstand';
  // The sign-in page stays usable (for admins) and says why everything else is closed.
  if (OPEN_PATHS.includes(pathname)) {
    return (
      <>
        <MaintenanceNotice message={maintenance.message} siteName={siteName} />
        {children}
      </>
    );
  }
  return <MaintenanceScreen message={maintenance.message} siteName={siteName} />;
}

function MaintenanceNotice({ message, siteName }: { message: string; siteName: string }) {
  return (
    <section
      aria-labelledby="maintenance-notice-title"
      className="mx-auto mt-6 max-w-md rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <h2 id="maintenance-notice-title" className="font-semibold">
        {siteName} is down for maintenance
      </h2>
      <p className="mt-1 whitespace-pre-line text-sm" data-testid="maintenance-message">
        {message}
      </p>
      <p className="mt-1 text-sm">Only administrators can sign in until it is back.</p>
    </section>
  );
}

function MaintenanceScreen({ message, siteName }: { message: string; siteName: string }) {
  return (
    <section aria-labelledby="maintenance-title" className="mx-auto max-w-xl px-4 py-16 text-center">
      <AlertIcon className="mx-auto h-12 w-12 text-amber-600 dark:text-amber-400" />
      <h1 id="maintenance-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {siteName} is down for maintenance
      </h1>
      <p className="mt-3 whitespace-pre-line text-lg text-stone-700 dark:text-stone-200" data-testid="maintenance-message">
        {message}
      </p>
      <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">
        Please check back soon. Administrators can still{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          sign in
        </Link>
        .
      </p>
    </section>
  );
}
