import type { ReactNode } from 'react';

/** The greeting at the top of every dashboard. */
export function DashboardHeader({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 break-words text-stone-600 dark:text-stone-300">{subtitle}</p>
    </div>
  );
}
