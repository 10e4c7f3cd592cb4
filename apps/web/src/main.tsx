import { installValidationMessages } from '@farmstand/shared/schemas/validation-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import './index.css';

// Form errors read like a person wrote them, as the server's do (issue 10 item 19).
installValidationMessages();
const router = createBrowserRouter(routes);
registerServiceWorker();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
