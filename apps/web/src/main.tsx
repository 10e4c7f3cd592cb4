import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import { installErrorReporter } from './lib/error-reporter';
import './index.css';

const router = createBrowserRouter(routes);
registerServiceWorker();
// Uncaught errors and unhandled rejections reach the server; the admin's Logs tab lists them.
installErrorReporter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
