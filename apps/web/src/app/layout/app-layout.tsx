import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { Deferred } from '@/components/ui/deferred';
import { ConnectionStatus } from '@/features/pwa/connection-status';
import { InstallPrompt } from '@/features/pwa/install-prompt';
import { MaintenanceGate } from '@/shared/site/maintenance-gate';
import { StandHelperFence } from '../guards';
import { PageViewTracker } from '../page-view-tracker';
import { AppToaster } from '../toaster';
import { Footer } from './footer';
import { Header } from './header';
import { MobileTabBar } from './mobile-tab-bar';

/**
 * A route's `handle` may ask for the whole viewport below the header (the map, decision 412), or
 * for no site chrome at all (`bare`: an unattended self-checkout tablet, whose shoppers must not
 * reach the farm's account from the header; decision 577).
 */
type LayoutHandle = { fullScreen?: boolean; bare?: boolean } | undefined;

/**
 * Header, page, footer; extra bottom padding on phones for the tab bar (spec 01 §2). A full-screen
 * page gets exactly the viewport below the header and no footer, so the page itself never scrolls.
 */
export function AppLayout() {
  const matches = useMatches();
  const fullScreen = matches.some((match) => (match.handle as LayoutHandle)?.fullScreen);
  if (matches.some((match) => (match.handle as LayoutHandle)?.bare))
    return (
      <main id="main" className="min-h-screen">
        <StandHelperFence>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </StandHelperFence>
        <AppToaster />
      </main>
    );
  return (
    <div
      className={`flex flex-col md:pb-0 ${
        // Full screen: the page ends exactly where the phone's tab bar (3.5 rem) begins.
        fullScreen ? 'h-dvh overflow-hidden pb-[calc(3.5rem+env(safe-area-inset-bottom))]' : 'min-h-screen pb-20'
      }`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900"
      >
        Skip to content
      </a>
      <Header />
      <ConnectionStatus />
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads. */}
      <main id="main" className={fullScreen ? 'min-h-0 flex-1' : 'min-h-screen flex-1'}>
        <MaintenanceGate>
          <StandHelperFence>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </StandHelperFence>
        </MaintenanceGate>
      </main>
      {/* Below the fold (main is a screen tall): drawn just after the page, in a task of its own. */}
      {!fullScreen && (
        <Deferred>
          <Footer />
        </Deferred>
      )}
      <MobileTabBar />
      <InstallPrompt />
      <PageViewTracker />
      {/* Inside the router, so a toast may hold a Link. */}
      <AppToaster />
    </div>
  );
}
