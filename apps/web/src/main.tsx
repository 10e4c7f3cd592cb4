import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/app-error-boundary';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import { installErrorReporter } from './lib/error-reporter';
import { preloadPages } from './lib/lazy-page';
import './index.css';

const router = createBrowserRouter(routes);
const PAGE_WAIT_MS = 500;
registerServiceWorker();
// Uncaught errors and unhandled rejections reach the server; the admin's Logs tab lists them.
installErrorReporter();

function render() {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppErrorBoundary>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

// The page's chunk is already downloading (a modulepreload link in the HTML): the first render waits
// for it (half a second at most), so it draws the page at once instead of a spinner and then the
// page, one render pass of the whole tree less (docs/decisions/190).
preloadPages(routes, window.location.pathname, PAGE_WAIT_MS).then(render);
