import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ChatIcon } from '@/components/ui/icons';
import { formatBadge, useUnreadCount } from '@/features/messages/unread-count';
import { useAuth } from '@/shared/auth-context';
import { BasketIcon, DashboardIcon, HeartIcon, HomeIcon, SearchIcon } from './icons';

type Tab = { to: string; label: string; icon: ReactNode; badge?: number };

/**
 * Spec 01 §2 mobile bottom tab bar: Home, Search, Products, Favorites (consumers), Dashboard (signed
 * in), plus Messages with its unread count for everyone signed in (decision 413).
 */
export function MobileTabBar() {
  const { user } = useAuth();
  const unread = useUnreadCount();
  // A stand helper sees only the farm's stand (decision 579).
  const tabs: Tab[] =
    user?.userType === 'stand_helper'
      ? [{ to: '/stand', label: 'Stand', icon: <DashboardIcon /> }]
      : [
          { to: '/', label: 'Home', icon: <HomeIcon /> },
          { to: '/search', label: 'Search', icon: <SearchIcon /> },
          { to: '/products', label: 'Products', icon: <BasketIcon /> },
        ];
  if (user?.userType === 'consumer') tabs.push({ to: '/favorites', label: 'Favorites', icon: <HeartIcon /> });
  if (user && user.userType !== 'stand_helper') {
    tabs.push(
      { to: '/messages', label: 'Messages', icon: <ChatIcon className="h-5 w-5" />, badge: unread },
      { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
    );
  }
  return (
    <nav
      aria-label="Tabs"
      data-testid="mobile-tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-stone-800 dark:bg-stone-950"
    >
      <ul className="flex">
        {tabs.map((tab) => (
          <li key={tab.to} className="min-w-0 flex-1">
            <NavLink
              to={tab.to}
              end={tab.to === '/'}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${isActive ? 'text-brand-700 dark:text-green-300' : 'text-stone-600 dark:text-stone-300'}`
              }
            >
              <span className="relative">
                {tab.icon}
                {tab.badge !== undefined && tab.badge > 0 && (
                  <span className="absolute -right-2.5 -top-1.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white">
                    {formatBadge(tab.badge)}
                  </span>
                )}
              </span>
              <span className="max-w-full truncate">
                {tab.label}
                {tab.badge !== undefined && tab.badge > 0 && <span className="sr-only">, {tab.badge} unread</span>}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
