import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';

// Every page loads lazily, so the home page ships only what it needs.
const HomePage = lazy(() => import('../features/home/home-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const NotFoundPage = lazy(() => import('../features/static/not-found-page'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: '/register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export { RequireAuth };
