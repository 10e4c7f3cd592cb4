import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The centred card the account pages share: a title, a line under it, then the content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle && <p className="mt-2 text-center text-stone-600 dark:text-stone-300">{subtitle}</p>}
      <Card className="mt-6 p-6">{children}</Card>
    </div>
  );
}

export const textLinkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}
