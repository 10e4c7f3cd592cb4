import { Link } from 'react-router';
import { REGISTER_PRODUCER } from '@/lib/next-path';
import { SiteDescription, SiteName, SupportEmailLink, SupportPhone } from '@/shared/site/support-contact';

const COLUMNS = [
  {
    title: 'For producers',
    links: [
      { to: REGISTER_PRODUCER, label: 'Start selling' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/resources', label: 'Resources & regulations' },
      { to: '/dashboard', label: 'Producer dashboard' },
    ],
  },
  {
    title: 'For shoppers',
    links: [
      { to: '/search', label: 'Find producers' },
      { to: '/products', label: 'Browse products' },
      { to: '/map', label: 'Map view' },
      { to: '/markets', label: 'Farmers markets' },
      { to: '/favorites', label: 'Favorites' },
    ],
  },
  {
    title: 'Farmstand',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Farmstand on Facebook', text: 'Facebook' },
  { href: 'https://www.instagram.com/', label: 'Farmstand on Instagram', text: 'Instagram' },
  { href: 'https://x.com/', label: 'Farmstand on X', text: 'X' },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-800 dark:text-green-300">
            <SiteName />
          </p>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
            <SiteDescription />
          </p>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            <SupportEmailLink className="underline-offset-4 hover:underline" />
            <SupportPhone prefix=" · " className="underline-offset-4 hover:underline" />
          </p>
          <ul className="mt-4 flex gap-3" aria-label="Social links">
            {SOCIAL.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sm font-medium text-stone-700 underline-offset-4 hover:underline dark:text-stone-200"
                >
                  {s.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-900 dark:text-stone-100">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-stone-700 underline-offset-4 hover:underline dark:text-stone-300">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-stone-200 py-4 text-center text-xs text-stone-600 dark:border-stone-800 dark:text-stone-400">
        © {new Date().getFullYear()} <SiteName />. No commission, ever.
      </div>
    </footer>
  );
}
