/**
 * The names of the fixed public pages, as their document.title says them ("<name> | <site name>").
 * The web app sets them; the server writes the same title into the HTML it sends for these paths,
 * so a crawler or link preview that runs no script sees each page's own (docs/decisions/250).
 */
export const PUBLIC_PAGE_TITLES = {
  '/': 'Local food, direct from the farm',
  '/products': 'Browse products',
  '/map': 'Producer map',
  '/markets': 'Farmers markets',
  '/search': 'Search',
  '/pricing': 'Pricing',
  '/resources': 'Resources for producers',
  '/about': 'About us',
  '/contact': 'Contact us',
  '/terms': 'Terms of service',
  '/privacy': 'Privacy policy',
} as const;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_TITLES;
