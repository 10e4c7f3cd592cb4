import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A link from an admin row to the public page of the farm, product or review it acts on. */
export function AdminLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-green-300">
      {children}
    </Link>
  );
}

/** Toasts the spec's load-failure text once per failure of a tab's query. */
export function useLoadErrorToast(query: Pick<UseQueryResult, 'isError' | 'errorUpdatedAt'>, text: string) {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(text, { id: text });
  }, [failedAt, text]);
}

export function SectionTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold">{children}</h2>
      {aside}
    </div>
  );
}

export function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-stone-600 dark:text-stone-300">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight">{value}</p>
      {detail && <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{detail}</p>}
    </Card>
  );
}

export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-stone-600 dark:text-stone-300">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
