import type { HTMLAttributes, ReactNode } from 'react';
import { type IconComponent, SproutIcon } from './icons';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900 ${className}`}
      {...rest}
    />
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-stone-600 dark:text-stone-300">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

const BADGE_TONES = {
  green: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-200',
  gray: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-200',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({
  tone = 'gray',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * A message in place of content. `page` when it is the whole page (not found, access denied,
 * producers only): its title is then the page's h1, as every page needs one.
 */
/** A message in place of a list or a page; `page` makes its title the page's h1. */
export function EmptyState({
  title,
  children,
  icon: Icon = SproutIcon,
  page = false,
}: {
  title: string;
  children?: ReactNode;
  /** A line icon (components/ui/icons), never an emoji: emoji fonts are missing on many desktops. */
  icon?: IconComponent;
  page?: boolean;
}) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <div className="rounded-xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
      <Icon className="mx-auto h-10 w-10 text-brand-700 dark:text-green-300" />
      <Heading className="mt-3 text-lg font-semibold">{title}</Heading>
      {children && <div className="mt-2 text-stone-600 dark:text-stone-300">{children}</div>}
    </div>
  );
}

export function PageTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{children}</h1>
      {subtitle && <p className="mt-1 text-stone-600 dark:text-stone-300">{subtitle}</p>}
    </div>
  );
}
