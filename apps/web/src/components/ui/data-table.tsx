import type { ReactNode } from 'react';

/** One column: its header and how a row fills its cell. */
export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, header included. */
  numeric?: boolean;
  /** The cell names its row (a `th scope="row"`). */
  rowHeader?: boolean;
  /** Extra classes on this column's cells ('whitespace-nowrap', 'font-medium'). */
  className?: string;
  /** A test id on each of this column's cells (or by row), for tests that read a figure. */
  testId?: string | ((row: Row) => string);
};

type Props<Row> = {
  columns: readonly (Column<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names the table for screen readers; shown above it when `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  /** Said instead of an empty table. */
  empty?: ReactNode;
  /** A wide table keeps this width and scrolls sideways in its box on a phone ('min-w-[48rem]'). */
  minWidth?: string;
  rowClassName?: (row: Row) => string;
  /** Rows under the body (a total), in a `tfoot`. */
  footer?: ReactNode;
  className?: string;
};

const thClasses = 'border-b border-stone-300 px-3 py-2 font-semibold text-stone-700 dark:border-stone-700 dark:text-stone-300';
export const tdClasses = 'border-b border-stone-200 px-3 py-2 align-top dark:border-stone-800';

/** A table from columns as data: one look, headers scoped, figures aligned right. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  empty,
  minWidth = '',
  rowClassName,
  footer,
  className = '',
}: Props<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p className="text-sm text-stone-700 dark:text-stone-300">{empty}</p>;
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const align = (column: Column<Row>) => (column.numeric ? 'text-right' : '');
  return (
    // A box that may scroll sideways on a phone takes the focus, named by the caption, so a keyboard can scroll it.
    <section
      aria-label={typeof caption === 'string' ? caption : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
      tabIndex={0}
      className={`overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${className}`}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className={showCaption ? 'mb-2 text-left font-semibold' : 'sr-only'}>{caption}</caption>
        <thead>
          <tr>
            {shown.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a render
              <th key={index} scope="col" className={`${thClasses} ${align(column)}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {shown.map((column, index) => {
                const classes = `${tdClasses} ${align(column)} ${column.className ?? ''}`;
                const testId = typeof column.testId === 'function' ? column.testId(row) : column.testId;
                return column.rowHeader ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a render
                  <th key={index} scope="row" className={`${classes} font-normal`} data-testid={testId}>
                    {column.cell(row)}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a render
                  <td key={index} className={classes} data-testid={testId}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </section>
  );
}
