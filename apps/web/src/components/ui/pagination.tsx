import { buttonClasses } from './button';

type Props = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** What the pages go through, when a page has more than one list: 'Pages of your products'. */
  label?: string;
};

/** Previous / page numbers / next (search, the farm's product list). Shows a window of pages around the current one. */
export function Pagination({ page, pageCount, onChange, label = 'Pagination' }: Props) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={buttonClasses('secondary', 'sm')} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onChange(n)}
          className={buttonClasses(n === page ? 'primary' : 'ghost', 'sm', 'min-w-9')}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={buttonClasses('secondary', 'sm')}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
