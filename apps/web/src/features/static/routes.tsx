import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const TermsPage = lazyPage(() => import('./pages/terms-page'));
const PrivacyPage = lazyPage(() => import('./pages/privacy-page'));
const AboutPage = lazyPage(() => import('./pages/about-page'));
const ContactPage = lazyPage(() => import('./pages/contact-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));

export const routes: RouteObject[] = [
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '*', element: <NotFoundPage /> },
];
