import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import InquiryFormCard from './inquiry-form-card';

vi.mock('@/lib/analytics', () => ({ track: () => {} }));

vi.setConfig({ testTimeout: 60_000 });

const show = (stock: number | null) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InquiryFormCard
        product={{ id: 3, name: 'Pasture Eggs', availability: 'available', stock_quantity: stock, producer_user_id: 9 }}
      />
    </QueryClientProvider>,
  );

describe('the inquiry form', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks about an optional quantity from 1 to min(stock or 10, 10), and sends none unless one is chosen', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Inquiry sent!' } as never);
    show(4);
    const quantity = screen.getByLabelText('Quantity you are asking about') as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.textContent)).toEqual(['No particular amount', '1', '2', '3', '4']);
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'More next week?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(post.mock.calls[0][1]).toEqual({
      productId: 3,
      message: 'More next week?',
      requestedQuantity: undefined,
      contactPreference: 'email',
    });
    cleanup();

    show(null);
    const untracked = screen.getByLabelText('Quantity you are asking about') as HTMLSelectElement;
    expect(untracked.options).toHaveLength(11);
    fireEvent.change(untracked, { target: { value: '8' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'Eight for Sunday?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(post.mock.calls[1][1]).toMatchObject({ requestedQuantity: 8 });
  });
});
