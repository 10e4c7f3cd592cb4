import { countNoun } from '@farmstand/shared/format/quantity';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useBasketCount } from '@/features/checkout/basket';
import { useHelpsRunMarket } from '@/features/market-office/api';
import { formatBadge, useUnreadCount } from '@/features/messages/unread-count';
import { track } from '@/lib/analytics';
import { clearToken } from '@/lib/storage';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';
import { useTheme } from '@/shared/theme-context';
import { BasketIcon, CloseIcon, GearIcon, MenuIcon, MoonIcon, SunIcon } from './icons';

// One line per label: tighter from 1024 px, the usual padding from 1536 px (the nav never wraps).
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors lg:px-2 2xl:px-3 ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-green-200'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-200 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;

type NavItem = { to: string; label: string; badge?: number };

/**
 * Spec 01 §2 top navigation: what each kind of visitor sees. "Orders" is beyond the spec and means
 * one thing per person (decision 518): a shopper's own orders; a producer's received orders (the
 * dashboard's Orders tab), their own purchases being in the account menu; admins none (they look
 * at orders from the admin panel).
 */
function useNavItems(): NavItem[] {
  const { user } = useAuth();
  const unread = useUnreadCount();
  const items: NavItem[] = [
    { to: '/search', label: 'Find Producers' },
    { to: '/products', label: 'Browse Products' },
    { to: '/map', label: 'Map View' },
    { to: '/markets', label: 'Markets' },
  ];
  if (!user) return items;
  // A stand helper sees only the farm's stand (decision 579).
  if (user.userType === 'stand_helper') return [{ to: '/stand', label: 'Stand' }];
  items.push({ to: '/dashboard', label: 'Dashboard' }, { to: '/messages', label: 'Messages', badge: unread });
  if (user.userType === 'consumer') items.push({ to: '/orders', label: 'My Orders' }, { to: '/favorites', label: 'Favorites' });
  if (user.userType === 'producer') items.push({ to: RECEIVED_ORDERS, label: 'Orders' }, { to: '/profile', label: 'My Profile' });
  return items;
}

/** A producer's received orders: the dashboard's Orders tab. */
const RECEIVED_ORDERS = '/dashboard?tab=orders';

/** Whether a nav item is the page shown: an item with a query matches it too (Dashboard is not "Orders"). */
function isCurrent(item: NavItem, items: NavItem[], path: string, search: string) {
  const [itemPath, itemQuery] = item.to.split('?');
  const params = new URLSearchParams(search);
  const matchesQuery = (query: string | undefined) =>
    [...new URLSearchParams(query ?? '')].every(([key, value]) => params.get(key) === value);
  if (itemQuery !== undefined) return path === itemPath && matchesQuery(itemQuery);
  const onPage = item.to === '/' ? path === '/' : path === item.to || path.startsWith(`${item.to}/`);
  const narrower = items.some(
    (other) => other !== item && other.to.startsWith(`${item.to}?`) && isCurrent(other, items, path, search),
  );
  return onPage && !narrower;
}

/**
 * The shopper's baskets not yet sent, with how many items they hold, wherever the header is: the
 * product page's button only adds to a basket, and this is where it is found again.
 */
function BasketLink() {
  const count = useBasketCount();
  const { user } = useAuth();
  if (count === 0 || user?.userType === 'stand_helper') return null;
  return (
    <Link
      to="/orders#baskets"
      className="relative flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
      aria-label={`Basket: ${countNoun(count, 'item')}, not yet sent`}
      title="Your basket: send it from Checkout"
    >
      <BasketIcon />
      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
        {formatBadge(count)}
      </span>
    </Link>
  );
}

/** A dot on the phone menu's button while messages wait unread (the badge itself is inside the menu). */
function UnreadDot({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute right-1 top-1 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-stone-950"
      aria-hidden="true"
    />
  );
}

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {formatBadge(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function ThemeToggle() {
  const { isDark, toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      className="rounded-md p-2 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
      aria-label={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
      aria-pressed={isDark}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/**
 * Sign out returns to / (spec 01 §2) with a full page load: it drops everything the previous user's
 * session held in memory (query cache, live connection). Only the token is removed here; clearing
 * the signed-in user in React first would let the guarded page under us redirect to /login
 * before the new page loads.
 */
function signOutToHome(userType: string | undefined) {
  // Sent before the token goes so the event still names the user (spec 01 §7: logout carries userType).
  track('user_logout', { userType });
  clearToken();
  window.location.assign('/');
}

/**
 * The account links behind a disclosure button: a plain list of links, not an ARIA menu, so Tab
 * moves through them as screen readers expect; Escape closes it and puts focus back on the button.
 */
function UserMenu() {
  const { user } = useAuth();
  const runsMarket = useHelpsRunMarket(user?.userType);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        buttonRef.current?.focus();
      } else if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) return null;
  const signOut = () => {
    setOpen(false);
    signOutToHome(user.userType);
  };
  return (
    <div className="relative min-w-0" ref={ref}>
      <button
        type="button"
        ref={buttonRef}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="user-menu"
        className="flex min-w-0 max-w-52 items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
      >
        <span
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold uppercase text-white"
          aria-hidden="true"
        >
          {user.email[0]}
        </span>
        {/* The initial, and the e-mail beside it from 1,536 px; a screen reader always hears it. */}
        <span className="sr-only 2xl:not-sr-only 2xl:truncate">{user.email}</span>
      </button>
      {open && (
        <div
          id="user-menu"
          className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-stone-200 bg-white py-1 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          <p className="truncate px-4 py-2 text-xs text-stone-600 dark:text-stone-400">{user.email}</p>
          <Link
            to="/account/password"
            onClick={() => setOpen(false)}
            className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            Change password
          </Link>
          {user.userType === 'producer' && (
            <Link
              to="/orders"
              onClick={() => setOpen(false)}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              My purchases
            </Link>
          )}
          {(user.userType === 'producer' || user.userType === 'stand_helper') && (
            <Link
              to="/stand"
              onClick={() => setOpen(false)}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              Stand mode (register)
            </Link>
          )}
          {runsMarket && (
            <Link
              to="/market-office"
              onClick={() => setOpen(false)}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              Market office
            </Link>
          )}
          {user.userType === 'consumer' && (
            <Link
              to="/account/become-producer"
              onClick={() => setOpen(false)}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              Become a producer
            </Link>
          )}
          <button
            type="button"
            onClick={signOut}
            className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

export function Header() {
  const { user, isAuthenticated } = useAuth();
  const items = useNavItems();
  const unread = items.find((item) => item.to === '/messages')?.badge ?? 0;
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const siteName = useSite().site_name;
  const runsMarket = useHelpsRunMarket(user?.userType);

  // Close the phone menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-4 flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-800 dark:text-green-300"
        >
          <BrandMark />
          {/* From 1,024 to 1,279 px the links need its room: the mark alone shows, the name is still read out. */}
          <span className="lg:max-xl:sr-only">{siteName}</span>
        </Link>
        <div className="hidden flex-1 items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={() => navLinkClass({ isActive: isCurrent(item, items, location.pathname, location.search) })}
            >
              {item.label}
              {item.badge !== undefined && <UnreadBadge count={item.badge} />}
            </NavLink>
          ))}
        </div>
        {/* min-w-0 down to the e-mail: where it shows (1,536 px) it shortens rather than push the page sideways. */}
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <BasketLink />
          <ThemeToggle />
          {user?.userType === 'admin' && (
            <NavLink
              to="/admin"
              className="rounded-md p-2 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
              aria-label="Admin panel"
              title="Admin panel"
            >
              <GearIcon />
            </NavLink>
          )}
          <div className="hidden min-w-0 lg:block">
            {isAuthenticated ? (
              <UserMenu />
            ) : (
              <div className="flex items-center gap-2">
                <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                  Sign In
                </Link>
                <Link to="/register" className={buttonClasses('primary', 'sm')}>
                  Get Started
                </Link>
              </div>
            )}
          </div>
          <button
            type="button"
            className="relative rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden dark:text-stone-200 dark:hover:bg-stone-800"
            onClick={() => setMobileOpen((o) => !o)}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={`${mobileOpen ? 'Close menu' : 'Open menu'}${unread > 0 ? `, ${formatBadge(unread)} unread messages` : ''}`}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
            {!mobileOpen && <UnreadDot count={unread} />}
          </button>
        </div>
      </nav>
      {mobileOpen && (
        <div id="mobile-menu" className="border-t border-stone-200 px-4 pb-4 pt-2 lg:hidden dark:border-stone-800">
          <div className="flex flex-col gap-1">
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={() => navLinkClass({ isActive: isCurrent(item, items, location.pathname, location.search) })}
              >
                {item.label}
                {item.badge !== undefined && <UnreadBadge count={item.badge} />}
              </NavLink>
            ))}
            {user?.userType === 'admin' && (
              <NavLink to="/admin" className={navLinkClass}>
                Admin
              </NavLink>
            )}
          </div>
          <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-800">
            {user ? (
              // The address on a line of its own, then one account link a line, like the menu above.
              <div className="flex flex-col gap-1">
                <p className="truncate px-3 pb-1 text-sm text-stone-600 dark:text-stone-300">{user.email}</p>
                <NavLink to="/account/password" className={navLinkClass}>
                  Change password
                </NavLink>
                {user.userType === 'producer' && (
                  <NavLink to="/orders" className={navLinkClass}>
                    My purchases
                  </NavLink>
                )}
                {user.userType === 'producer' && (
                  <NavLink to="/stand" className={navLinkClass}>
                    Stand mode (register)
                  </NavLink>
                )}
                {runsMarket && (
                  <NavLink to="/market-office" className={navLinkClass}>
                    Market office
                  </NavLink>
                )}
                {user.userType === 'consumer' && (
                  <NavLink to="/account/become-producer" className={navLinkClass}>
                    Become a producer
                  </NavLink>
                )}
                <button
                  type="button"
                  className={`${buttonClasses('secondary', 'md')} mt-2`}
                  onClick={() => signOutToHome(user.userType)}
                >
                  Sign out
                </button>
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link to="/login" className={buttonClasses('secondary', 'md')}>
                  Sign In
                </Link>
                <Link to="/register" className={buttonClasses('primary', 'md')}>
                  Get Started
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}

/**
 * The site's mark (public/favicon.svg) drawn inline: no request before the page's own pictures, and
 * the header holds no <img>, so the first image on screen is the page's content picture, the one
 * loaded eagerly at high priority.
 */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false" className="h-8 w-8 shrink-0">
      <rect width="64" height="64" rx="14" fill="#15803d" />
      <path d="M14 44 32 18l18 26z" fill="#fef3c7" />
      <rect x="27" y="33" width="10" height="11" fill="#15803d" />
    </svg>
  );
}
