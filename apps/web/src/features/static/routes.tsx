import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TermsPage = lazy(() => import('./pages/terms-page'));
const PrivacyPage = lazy(() => import('./pages/privacy-page'));
const AboutPage = lazy(() => import('./pages/about-page'));
const ContactPage = lazy(() => import('./pages/contact-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

export const routes: RouteObject[] = [
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '*', element: <NotFoundPage /> },
];
