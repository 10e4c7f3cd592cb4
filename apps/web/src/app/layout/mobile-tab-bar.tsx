import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { BasketIcon, DashboardIcon, HeartIcon, HomeIcon, SearchIcon } from './icons';

type Tab = { to: string; label: string; icon: ReactNode };

/** Spec 01 §2 mobile bottom tab bar: Home, Search, Products, Favorites (consumers), Dashboard (signed in). */
export function MobileTabBar() {
  const { user } = useAuth();
  const tabs: Tab[] = [
    { to: '/', label: 'Home', icon: <HomeIcon /> },
    { to: '/search', label: 'Search', icon: <SearchIcon /> },
    { to: '/products', label: 'Products', icon: <BasketIcon /> },
  ];
  if (user?.userType === 'consumer') tabs.push({ to: '/favorites', label: 'Favorites', icon: <HeartIcon /> });
  if (user) tabs.push({ to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> });
  return (
    <nav
      aria-label="Tabs"
      data-testid="mobile-tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-stone-800 dark:bg-stone-950"
    >
      <ul className="flex">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1">
            <NavLink
              to={tab.to}
              end={tab.to === '/'}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${isActive ? 'text-brand-700 dark:text-green-300' : 'text-stone-600 dark:text-stone-300'}`
              }
            >
              {tab.icon}
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
