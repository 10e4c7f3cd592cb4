import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { FormError } from './form-error';
import { LoadError } from './load-error';
import { ReasonDialog } from './reason-dialog';
import { useFileDownload } from './use-file-download';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoadError says what could not be loaded and asks again', () => {
  it('is an alert with the text and a Try again button that retries', () => {
    const retry = vi.fn();
    render(<LoadError text="Could not load the members" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load the members')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('FormError says what went wrong, and nothing when nothing did', () => {
  it('is an alert with the message', () => {
    render(<FormError>Could not save; try again</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('Could not save; try again');
  });

  it('draws nothing for no message, false or an empty one', () => {
    const { container } = render(
      <>
        <FormError />
        <FormError>{false}</FormError>
        <FormError>{''}</FormError>
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('DataTable draws columns given as data', () => {
  type Row = { id: number; name: string; count: number };
  const columns = [
    { header: 'Name', cell: (row: Row) => row.name, rowHeader: true },
    { header: 'Count', cell: (row: Row) => row.count, numeric: true, testId: 'count' },
    false as const,
  ];

  it('names the table, scopes the headers and aligns figures right', () => {
    render(
      <DataTable
        caption="Eggs sold"
        columns={columns}
        rows={[
          { id: 1, name: 'Brown', count: 12 },
          { id: 2, name: 'White', count: 6 },
        ]}
        rowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Eggs sold' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Count']);
    expect(within(table).getByRole('rowheader', { name: 'White' })).toBeTruthy();
    expect(screen.getAllByTestId('count').map((td) => td.textContent)).toEqual(['12', '6']);
    expect(screen.getAllByTestId('count')[0].className).toContain('text-right');
  });

  it('says its empty text instead of an empty table', () => {
    render(<DataTable caption="Eggs sold" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing sold yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nothing sold yet.')).toBeTruthy();
  });
});

describe('ReasonDialog asks why before it acts', () => {
  const open = (onConfirm = vi.fn(), error?: string) =>
    render(
      <ReasonDialog
        title="End Ann’s reservation"
        message="No more orders will be placed."
        label="Reason for the shopper"
        maxLength={300}
        validate={(reason) => (reason ? null : 'Say why')}
        confirmLabel="End it"
        cancelLabel="Keep it"
        isBusy={false}
        error={error}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );

  it('refuses an empty reason with its message and keeps the focus in the field', () => {
    const onConfirm = vi.fn();
    open(onConfirm);
    const dialog = screen.getByRole('dialog', { name: 'End Ann’s reservation', hidden: true });
    fireEvent.input(within(dialog).getByLabelText('Reason for the shopper'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End it', hidden: true }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe('Say why');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason for the shopper'));
  });

  it('sends the reason trimmed and shows the request’s failure', () => {
    const onConfirm = vi.fn();
    open(onConfirm, 'Could not end it');
    const dialog = screen.getByRole('dialog', { name: 'End Ann’s reservation', hidden: true });
    fireEvent.input(within(dialog).getByLabelText('Reason for the shopper'), { target: { value: ' Closing ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End it', hidden: true }));
    expect(onConfirm).toHaveBeenCalledWith('Closing');
    expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe('Could not end it');
    expect(within(dialog).getByRole('button', { name: 'Keep it', hidden: true })).toBeTruthy();
  });
});

describe('useFileDownload saves a file the API answers', () => {
  it('saves it under the server’s name, else the fallback, and keeps it for a link', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { result } = renderHook(() => useFileDownload<'pdf'>());
    await act(() => result.current.download('pdf', async () => ({ blob: new Blob(['x']), filename: null }), 'slips.pdf', 'No'));
    expect(saved).toEqual(['slips.pdf']);
    expect(result.current.file).toEqual({ url: 'blob:file', name: 'slips.pdf' });
    expect(result.current.busy).toBeNull();
  });

  it('says why it failed', async () => {
    const { result } = renderHook(() => useFileDownload());
    await act(() =>
      result.current.download(
        'csv',
        async () => {
          throw new Error('offline');
        },
        'x.csv',
        'Could not download; try again',
      ),
    );
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(result.current.file).toBeNull();
  });
});
