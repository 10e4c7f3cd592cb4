import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type QuickLink = { to: string; title: string; text: string; icon: ReactNode; badge?: string };

/** A grid of large, tappable shortcuts to the pages a dashboard's owner uses most. */
export function QuickLinks({ links, label }: { links: QuickLink[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex h-full items-start gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md dark:border-stone-800 dark:bg-stone-900 dark:hover:border-green-500"
            >
              <span
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-green-950 dark:text-green-300"
                aria-hidden="true"
              >
                {link.icon}
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-semibold text-stone-900 group-hover:text-brand-800 dark:text-stone-100 dark:group-hover:text-green-300">
                  {link.title}
                  {link.badge && (
                    <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">{link.badge}</span>
                  )}
                </span>
                <span className="mt-1 block text-sm text-stone-600 dark:text-stone-300">{link.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
