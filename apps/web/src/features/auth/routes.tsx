import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from '@/app/guards';
import { lazyPage } from '@/lib/lazy-page';

const LoginPage = lazyPage(() => import('./pages/login-page'));
const RegisterPage = lazyPage(() => import('./pages/register-page'));
const VerifyEmailPage = lazyPage(() => import('./pages/verify-email-page'));
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'));
const ChangePasswordPage = lazyPage(() => import('./pages/change-password-page'));
const EmailLinkPage = lazyPage(() => import('./pages/email-link-page'));
const BecomeProducerPage = lazyPage(() => import('./pages/become-producer-page'));

export const routes: RouteObject[] = [
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
  // Open to everyone: an e-mailed link may be opened in a browser where someone is signed in.
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  // Open to everyone, like the other e-mailed links: signing in with it replaces any session here.
  { path: '/login/email-link', element: <EmailLinkPage /> },
  {
    path: '/account/password',
    element: (
      <RequireAuth>
        <ChangePasswordPage />
      </RequireAuth>
    ),
  },
  {
    path: '/account/become-producer',
    element: (
      <RequireAuth roles={['consumer']}>
        <BecomeProducerPage />
      </RequireAuth>
    ),
  },
];
