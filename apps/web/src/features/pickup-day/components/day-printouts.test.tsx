import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { DayPrintouts } from './day-printouts';

const places = [
  { id: 11, name: 'Lexington Farmers Market' },
  { id: 12, name: 'Bowling Green Market' },
];

function show(packable = 2) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/pickup/mine') return { points: places } as never;
    return { from: '2030-06-08', to: '2030-06-14', farm_name: 'Two Places Farm', lines: [], days: [] } as never;
  });
  const file = vi.spyOn(api, 'file').mockResolvedValue({ blob: new Blob(['%PDF']), filename: 'packing-slips.pdf' } as never);
  URL.createObjectURL = vi.fn(() => 'blob:slips');
  URL.revokeObjectURL = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DayPrintouts date="2030-06-08" packable={packable} />
    </QueryClientProvider>,
  );
  return file;
}

describe('packing printouts', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('prints the packing slips of a chosen pickup place and day', async () => {
    const file = show();
    await screen.findByRole('option', { name: 'Bowling Green Market' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Pickup place'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Packing slips (PDF)' }));
    await waitFor(() =>
      expect(file).toHaveBeenLastCalledWith('/orders/packing-slips.pdf', {
        date: '2030-06-08',
        point: 12,
        layout: 'slips',
        sheet: undefined,
      }),
    );

    // Friday's packing for Saturday's market: another day, all places.
    fireEvent.input(screen.getByLabelText('Pickup day'), { target: { value: '2030-06-15' } });
    fireEvent.change(screen.getByLabelText('Pickup place'), { target: { value: '' } });
    expect(screen.getByRole('heading', { name: /Packing · Saturday, June 15, 2030/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Packing slips (PDF)' }));
    await waitFor(() =>
      expect(file).toHaveBeenLastCalledWith('/orders/packing-slips.pdf', {
        date: '2030-06-15',
        point: undefined,
        layout: 'slips',
        sheet: undefined,
      }),
    );
  });

  it('offers no slips for the day shown when it has nothing to pack, but does for another day', async () => {
    show(0);
    const slips = screen.getByRole('button', { name: 'Packing slips (PDF)' }) as HTMLButtonElement;
    expect(slips.disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Pickup day'), { target: { value: '2030-06-15' } });
    expect(slips.disabled).toBe(false);
  });
});
