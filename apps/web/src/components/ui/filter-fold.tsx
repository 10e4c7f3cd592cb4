import { type ReactNode, useId, useState } from 'react';
import { buttonClasses } from './button';

/** "Filters", or "Filters (2 set)" once some differ from the page's defaults. */
export function filtersLabel(setCount: number): string {
  return setCount > 0 ? `Filters (${setCount} set)` : 'Filters';
}

type Props = {
  /** How many of the folded filters differ from their defaults: the button says so while folded. */
  setCount: number;
  children: ReactNode;
  /**
   * 'small' (the list pages): folded below the md breakpoint, where the filters would stand before
   * the first result; from md up the button is gone and the filters are laid out by the parent
   * (the wrapper is `display: contents`). 'always' (the map's panel): the button shows at every
   * width, and the filters start open only where there is room (md up).
   */
  folds?: 'small' | 'always';
  /** Classes of the filters' wrapper while open below md (or at any width with 'always'). */
  openClassName?: string;
  buttonClassName?: string;
};

const WIDE = '(min-width: 768px)';

/**
 * Filters behind a "Filters (N set)" button (decision 530): on a phone the results come first, and
 * the count says what is narrowing them while the filters are folded. The search box and the
 * badges on results stay outside it.
 */
export function FilterFold({ setCount, children, folds = 'small', openClassName = 'grid gap-3', buttonClassName = '' }: Props) {
  const id = useId();
  const [open, setOpen] = useState(() =>
    folds === 'always' && typeof window !== 'undefined' ? (window.matchMedia?.(WIDE)?.matches ?? false) : false,
  );
  const small = folds === 'small';
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={`${buttonClasses('secondary', 'md', 'w-full justify-between')} ${small ? 'md:hidden' : ''} ${buttonClassName}`}
      >
        <span>{filtersLabel(setCount)}</span>
        <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>
          ▾
        </span>
      </button>
      <div id={id} data-open={open} className={`${open ? openClassName : 'hidden'} ${small ? 'md:contents' : ''}`}>
        {children}
      </div>
    </>
  );
}
