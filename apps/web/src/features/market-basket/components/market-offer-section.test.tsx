import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { testOffer, testOfferProduct, testVendor } from '../market-basket.fixture';
import { MarketOfferSection } from './market-offer-section';

const get = vi.spyOn(api, 'get');

function show() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MarketOfferSection marketId={3} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.marketBaskets) ?? '{}');

describe('“This Saturday at the market” on a market’s page', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
    localStorage.clear();
  });

  it('lists each vendor’s offer for the coming market day, named by its weekday, with the pickup hours in the market’s zone', async () => {
    get.mockResolvedValue(testOffer() as never);
    show();
    expect(await screen.findByRole('heading', { name: 'This Saturday at the market' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets/3/offer', undefined, expect.anything());
    expect(screen.getByRole('heading', { name: 'Bluegrass Farm' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Red River Greens' })).toBeTruthy();
    expect(screen.getByTestId('pickup-hours').textContent).toContain('Sat, Dec 12 · 8:00 AM – 12:00 PM');
    expect(screen.getByText('$3.50/bunch · 2 left')).toBeTruthy();
  });

  it('adds products of two farms to one basket with one id, counts them, and stops at the stock left', async () => {
    get.mockResolvedValue(testOffer() as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Eggs from Bluegrass Farm' }));
    // The keyboard goes on from the stepper that took the Add button's place.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One more Eggs' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Eggs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Kale from Red River Greens' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Kale' }));
    // At the stock left "+" stays where the keyboard is, says it is all, and adds nothing more.
    const kaleMore = screen.getByRole('button', { name: 'One more Kale' });
    expect([kaleMore.getAttribute('aria-disabled'), (kaleMore as HTMLButtonElement).disabled]).toEqual(['true', false]);
    expect(screen.getByText('2 is all there is')).toBeTruthy();
    fireEvent.click(kaleMore);
    expect(screen.getByTestId('market-basket-count').textContent).toBe('Market basket: 4 items from 2 farms · $19.00');
    expect(screen.getByRole('link', { name: 'Review basket' }).getAttribute('href')).toBe(
      '/markets/lexington-farmers-market/basket',
    );
    const basket = stored()['3'];
    expect(basket.date).toBe('2026-12-12');
    expect(basket.clientKey).toMatch(/^[0-9a-f]{32}$/);
    expect(basket.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [31, 2],
      [41, 2],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'One fewer Eggs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Eggs' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Eggs from Bluegrass Farm' }));
    expect(stored()['3'].clientKey).toBe(basket.clientKey);
    expect(screen.getByTestId('market-basket-count').textContent).toBe('Market basket: 2 items from 1 farm · $7.00');
  });

  it('says when ordering opens and offers no Add while it is not open; a farm closed earlier says so', async () => {
    get.mockResolvedValue(
      testOffer({
        open: false,
        notice: 'Ordering for Saturday 12 December opens Sunday 6 December at 8:00 AM',
        vendors: [
          testVendor({
            open: false,
            products: [testOfferProduct(), testOfferProduct({ id: 32, name: 'Honey', stockQuantity: 0 })],
          }),
        ],
      }) as never,
    );
    show();
    expect((await screen.findByTestId('ordering-notice')).textContent).toBe(
      'Ordering for Saturday 12 December opens Sunday 6 December at 8:00 AM',
    );
    expect((screen.getByRole('button', { name: 'Add Eggs from Bluegrass Farm' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sold out')).toBeTruthy();
  });

  it('asks for another market day from the chooser', async () => {
    get.mockImplementation((async (_path: string, query?: { date?: string }) =>
      testOffer(
        query?.date ? { date: query.date, pickupStart: '2026-12-19T13:00:00.000Z', pickupEnd: '2026-12-19T17:00:00.000Z' } : {},
      )) as never);
    show();
    fireEvent.change(await screen.findByLabelText('Market day'), { target: { value: '2026-12-19' } });
    expect(await screen.findByText(/Sat, Dec 19 · 8:00 AM/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/markets/3/offer', { date: '2026-12-19' }, expect.anything());
  });

  it('shows nothing for a market that takes no baskets', async () => {
    get.mockRejectedValue(new ApiError(404, 'This market takes no market baskets'));
    const { container } = show();
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });
});
