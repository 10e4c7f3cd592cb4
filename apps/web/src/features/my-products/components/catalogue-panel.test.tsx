import type { CatalogueImportResult } from '@farmstand/shared/schemas/books';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportCheck, importSummary } from './catalogue-panel';

const result = (overrides: Partial<CatalogueImportResult> = {}): CatalogueImportResult => ({
  dryRun: true,
  written: false,
  rows: 3,
  created: 1,
  updated: 1,
  unchanged: 1,
  zeroed: 0,
  problems: [],
  changes: [
    { row: 2, key: '7', name: 'Heirloom tomatoes', action: 'update' },
    { row: 3, key: '8', name: 'Sweet corn', action: 'unchanged' },
    { row: 4, key: 'HON-1', name: 'Wildflower honey', action: 'create' },
  ],
  ...overrides,
});

describe('the catalogue import’s dry run', () => {
  afterEach(cleanup);

  it('lists what each row does and offers to apply it', () => {
    const onApply = vi.fn();
    render(<ImportCheck result={result()} applying={false} onApply={onApply} />);
    expect(screen.getByRole('status').textContent).toContain('3 rows: 1 new, 1 updated, 1 unchanged');
    const table = screen.getByRole('table', { name: 'What the import does' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('2Heirloom tomatoesUpdated');
    expect(rows[3].textContent).toContain('4Wildflower honeyNew product');
    fireEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(onApply).toHaveBeenCalledOnce();
  });

  it('shows the problems by row and column and no apply button while there are any', () => {
    const problems = [
      { row: 2, column: 'price', message: 'Price must be a number' },
      { row: 5, column: 'category', message: 'Category must be one of: eggs, bread…' },
    ];
    render(<ImportCheck result={result({ problems, changes: [] })} applying={false} onApply={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('2 problems to fix in the file: nothing was imported.');
    const table = screen.getByRole('table', { name: 'Problems in the file' });
    expect(within(table).getAllByRole('row')[1].textContent).toContain('2pricePrice must be a number');
    expect(screen.queryByRole('button', { name: 'Apply import' })).toBeNull();
  });

  it('says nothing is to import when every row is unchanged', () => {
    render(<ImportCheck result={result({ created: 0, updated: 0, unchanged: 3 })} applying={false} onApply={() => {}} />);
    expect((screen.getByRole('button', { name: 'Nothing to import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(importSummary(result({ zeroed: 2 }))).toBe(
      '3 rows: 1 new, 1 updated, 1 unchanged, 2 not in the file set to 0 in stock',
    );
  });
});
