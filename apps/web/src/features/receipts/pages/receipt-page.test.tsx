import { RECEIPT_NOT_YET, type StandReceipt } from '@farmstand/shared/schemas/stand';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import ReceiptPage from './receipt-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TOKEN = '2b6ee8e1-4aa6-4c98-9dcc-59a62cce52f1';

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/receipt/${TOKEN}`]}>
        <Routes>
          <Route path="/receipt/:token" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const receipt: StandReceipt = {
  farm_name: 'Green Valley Farm',
  sale_id: 12,
  at: '2026-12-06T15:30:00.000Z',
  when: 'Sun, Dec 6, 10:30 AM',
  lines: [{ name: 'Honey', quantity: 1, weights: null, weight_unit: null, amount_cents: 1200 }],
  taxable_cents: 0,
  exempt_cents: 1200,
  tax_cents: 0,
  total_cents: 1200,
  tenders: [{ kind: 'cash', label: 'Cash', cents: 1200 }],
};

describe('the receipt page of a text link', () => {
  it('shows the farm, the time, the lines, the tax, the tenders and the total of the link’s sale', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(receipt);
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Green Valley Farm');
    expect(get).toHaveBeenCalledWith(`/receipts/${TOKEN}`);
    expect(screen.getByTestId('receipt-total').textContent).toContain('$12.00');
    expect(screen.getByText('Sun, Dec 6, 10:30 AM')).toBeTruthy();
    expect(screen.getByText('Exempt sales')).toBeTruthy();
  });

  it('says to check back when the farm’s phone has not synced the sale yet', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(404, RECEIPT_NOT_YET));
    renderPage();
    expect((await screen.findByText(RECEIPT_NOT_YET)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
