import type { PickupDay } from '@farmstand/shared/schemas/market-basket';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { PickupDayTab } from './pickup-day-tab';

vi.setConfig({ testTimeout: 60_000 });

/** Saturday 13 June 2026 at Lexington: two farms (one takes SNAP), one shopper's market order. */
const day = (): z.output<typeof PickupDay> => ({
  marketId: 7,
  date: '2026-06-13',
  timeZone: 'America/New_York',
  matchCapCents: 2000,
  farms: [
    {
      producerUserId: 21,
      farmName: 'Alpha Acres',
      orders: 1,
      lines: [{ itemId: 301, orderId: 41, marketOrderId: 9, product: 'Tomatoes', ordered: 2, quantity: 2, shortReason: null }],
      arrivedAt: null,
      short: 0,
    },
    {
      producerUserId: 22,
      farmName: 'Clover Honey',
      orders: 1,
      lines: [{ itemId: 302, orderId: 42, marketOrderId: 9, product: 'Honey', ordered: 1, quantity: 1, shortReason: null }],
      arrivedAt: '2026-06-13T12:05:00.000Z',
      short: 0,
    },
  ],
  shoppers: [
    {
      marketOrderId: 9,
      shopperName: 'Dana Shopper',
      shopperPhone: '(859) 555-0199',
      status: 'open',
      owedCents: 1800,
      plannedBenefits: ['snap'],
      parts: [
        {
          orderId: 41,
          producerUserId: 21,
          farmName: 'Alpha Acres',
          status: 'accepted',
          owedCents: 1000,
          takesSnap: true,
          takesWicFmnp: true,
          takesSeniorFmnp: false,
          arrived: true,
          lines: [{ product: 'Tomatoes', text: '2 × Tomatoes', quantity: 2, lineCents: 1000, toWeigh: false }],
        },
        {
          orderId: 42,
          producerUserId: 22,
          farmName: 'Clover Honey',
          status: 'accepted',
          owedCents: 800,
          takesSnap: false,
          takesWicFmnp: false,
          takesSeniorFmnp: false,
          arrived: true,
          lines: [{ product: 'Honey', text: '1 × Honey', quantity: 1, lineCents: 800, toWeigh: false }],
        },
      ],
    },
  ],
});

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async () => day() as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderTab = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PickupDayTab marketId={7} />
    </QueryClientProvider>,
  );

describe('the market’s pickup day', () => {
  it('checks a farm in with a short line and its reason', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(day() as never);
    renderTab();
    expect(await screen.findByText('Arrived 8:05 AM')).toBeTruthy();
    expect(screen.getByText(/^1 market order · 2 items ordered/)).toBeTruthy();
    expect(screen.getByText(/^1 market order · 1 item ordered/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in Alpha Acres' }));
    fireEvent.input(screen.getByLabelText('Brought: Tomatoes, market order #9'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record arrival of Alpha Acres' }));
    expect(await screen.findByText('Say why Tomatoes for market order #9 is short')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Why short: Tomatoes, market order #9'), { target: { value: 'hail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record arrival of Alpha Acres' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith('/markets/7/pickup-day/checkins', {
        date: '2026-06-13',
        producerUserId: 21,
        shortages: [{ itemId: 301, quantity: 1, reason: 'hail' }],
      }),
    );
  });

  it('says which lines the farm still weighs, with the part’s amount as an estimate', async () => {
    const weighing = day();
    weighing.shoppers[0].parts[0].lines = [
      { product: 'Tomatoes', text: '2 × Tomatoes', quantity: 2, lineCents: 1000, toWeigh: true },
    ];
    vi.spyOn(api, 'get').mockImplementation(async () => weighing as never);
    renderTab();
    expect(await screen.findByText('2 × Tomatoes (to weigh)')).toBeTruthy();
    expect(screen.getByText('about $10.00')).toBeTruthy();
    expect(screen.getByText(/Alpha Acres weighs a line first, on its own pickup screen/)).toBeTruthy();
    expect(screen.getByText('$8.00')).toBeTruthy();
    expect(screen.getByText('Owed in all: about $18.00')).toBeTruthy();
    const post = vi.spyOn(api, 'post');
    fireEvent.input(screen.getByLabelText('Find a shopper'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dana Shopper' }));
    expect(screen.getByText('Alpha Acres: owed about $10.00')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Card for Alpha Acres'), { target: { value: '10' } });
    fireEvent.input(screen.getByLabelText('Card for Clover Honey'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    expect(await screen.findByText(/^Alpha Acres weighs Tomatoes first, on its own pickup screen/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('leaves out of the checkout a part its farm handed over at its own stall', async () => {
    const stall = day();
    stall.shoppers[0].parts[1] = { ...stall.shoppers[0].parts[1], status: 'picked_up', owedCents: 0 };
    stall.shoppers[0].owedCents = 1000;
    vi.spyOn(api, 'get').mockImplementation(async () => stall as never);
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ message: 'Market order #9 picked up', shopper: stall.shoppers[0] } as never);
    renderTab();
    expect(await screen.findByText('Handed over at its own stall and paid there: nothing to pay here')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Find a shopper'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dana Shopper' }));
    expect(screen.queryByLabelText('Card for Clover Honey')).toBeNull();
    fireEvent.input(screen.getByLabelText('Card for Alpha Acres'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect((post.mock.calls[0][1] as { tenders: { orderId: number }[] }).tenders.map((t) => t.orderId)).toEqual([41]);
  });

  it('gives an opened form the keyboard, and Escape closes it back to the button that opened it', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Alpha Acres' }));
    const brought = screen.getByLabelText('Brought: Tomatoes, market order #9');
    expect(document.activeElement).toBe(brought);
    fireEvent.keyDown(brought, { key: 'Escape' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in Alpha Acres' })));
    fireEvent.input(screen.getByLabelText('Find a shopper'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dana Shopper' }));
    expect(document.activeElement).toBe(screen.getByLabelText('SNAP for Alpha Acres'));
    fireEvent.keyDown(screen.getByLabelText('SNAP for Alpha Acres'), { key: 'Escape' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check out Dana Shopper' })));
  });

  it('finds the shopper and records SNAP and Double Dollars for the farm that takes them, the rest in cash, with one Picked up', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ message: 'Market order #9 picked up', shopper: day().shoppers[0] } as never);
    renderTab();
    fireEvent.input(await screen.findByLabelText('Find a shopper'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dana Shopper' }));
    expect(screen.queryByLabelText('SNAP for Clover Honey')).toBeNull();
    fireEvent.input(screen.getByLabelText('SNAP for Alpha Acres'), { target: { value: '5' } });
    fireEvent.input(screen.getByLabelText('Double Dollars for Alpha Acres'), { target: { value: '5.00' } });
    fireEvent.input(screen.getByLabelText('Card for Clover Honey'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    expect(await screen.findByText('Enter the last four digits of the SNAP card to give Double Dollars')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('SNAP card’s last four digits'), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith('/market-orders/9/checkout', {
        cardLast4: '4321',
        tenders: [
          { orderId: 41, snapCents: 500, incentiveCents: 500, wicFmnpCents: 0, seniorFmnpCents: 0, cardCents: 0, cashCents: 0 },
          { orderId: 42, snapCents: 0, incentiveCents: 0, wicFmnpCents: 0, seniorFmnpCents: 0, cardCents: 300, cashCents: 500 },
        ],
      }),
    );
  });

  it('takes WIC FMNP coupons for the farm that takes them, and asks no SNAP card without Double Dollars', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ message: 'Market order #9 picked up', shopper: day().shoppers[0] } as never);
    renderTab();
    fireEvent.input(await screen.findByLabelText('Find a shopper'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check out Dana Shopper' }));
    expect(screen.queryByLabelText('WIC FMNP for Clover Honey')).toBeNull();
    expect(screen.queryByLabelText('Senior FMNP for Alpha Acres')).toBeNull();
    fireEvent.input(screen.getByLabelText('WIC FMNP for Alpha Acres'), { target: { value: '6' } });
    expect(screen.getByText('Cash for Alpha Acres:', { exact: false }).parentElement?.textContent).toContain('$4.00');
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith('/market-orders/9/checkout', {
        cardLast4: null,
        tenders: [
          { orderId: 41, snapCents: 0, incentiveCents: 0, wicFmnpCents: 600, seniorFmnpCents: 0, cardCents: 0, cashCents: 400 },
          { orderId: 42, snapCents: 0, incentiveCents: 0, wicFmnpCents: 0, seniorFmnpCents: 0, cardCents: 0, cashCents: 800 },
        ],
      }),
    );
  });
});
