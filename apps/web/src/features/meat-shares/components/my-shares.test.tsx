import type { ShareReservation } from '@farmstand/shared/schemas/shares';
import { defaultCutSheet } from '@farmstand/shared/schemas/shares';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { productFixture } from '@/lib/product.fixture';
import { shareFixture as farmShare } from '../share.fixture';

const auth = vi.hoisted(() => ({ user: { id: 1 } as { id: number } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {} } }));

import { MyShares } from './my-shares';
import { type ShareProduct, ShareReserveCard } from './share-reserve-card';

/** The product page's card for a share (it shows this one for a product with a share). */
const ReserveCard = ({ product }: { product: Omit<ShareProduct, 'share'> & { share: ShareProduct['share'] | null } }) =>
  product.share ? <ShareReserveCard product={{ ...product, share: product.share }} /> : null;

vi.setConfig({ testTimeout: 60_000 });

const template = defaultCutSheet('beef');

/** Dana's quarter, with the farm's own payment link for the deposit. */
const shareFixture = (overrides: Partial<ShareReservation> = {}) =>
  farmShare({ deposit_link: 'https://pay.example.com/paint-lick', ...overrides });

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the shopper’s meat shares', () => {
  beforeEach(() => {
    auth.user = { id: 1 };
  });

  it('shows the steps, the estimate and the farm’s deposit link, and sends the cut sheet with one answer per question', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ shares: [shareFixture()] } as never);
    const put = vi.spyOn(api, 'put').mockResolvedValue({ share: shareFixture() } as never);
    wrap(<MyShares />);
    expect(await screen.findByRole('heading', { name: '1 × Quarter of a steer' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Steps of this share' });
    expect(steps.textContent).toContain('Reserved (done)');
    expect(steps.textContent).toContain('Deposit due');
    expect(steps.textContent).toContain('Cut sheet due by Fri, Jun 12');
    expect(screen.getByText(/About \$1,105\.00 \(210 lb hanging × \$4\.50\/lb \+ \$160\.00 processing a share\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the farm’s payment link' }).getAttribute('href')).toBe(
      'https://pay.example.com/paint-lick',
    );
    for (const q of template)
      fireEvent.change(screen.getByLabelText(q.label, { exact: false }), { target: { value: q.options[1] } });
    fireEvent.input(screen.getByLabelText('Notes for the processor (optional)'), { target: { value: 'Extra bones' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cut sheet' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/shares/41/cut-sheet', {
      answers: template.map((q) => ({ question: q.label, answer: q.options[1] })),
      notes: 'Extra bones',
    });
  });

  it('shows the bill less the deposit once processed, and no cut sheet form after the deadline', async () => {
    const processed = shareFixture({
      status: 'processed',
      cut_sheet_open: false,
      deposit_received: 200,
      hanging_weight: 212.5,
      processing_fees: 165,
      bill_total: 1121.25,
      amount_due: 921.25,
      state_label: 'Processed',
    });
    vi.spyOn(api, 'get').mockResolvedValue({ shares: [processed] } as never);
    wrap(<MyShares />);
    expect(await screen.findByText('To pay at pickup: $921.25')).toBeTruthy();
    expect(
      screen.getByText(/212\.5 lb hanging × \$4\.50\/lb \+ \$165\.00 processing = \$1,121\.25 − \$200\.00 deposit/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save cut sheet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel share' })).toBeNull();
  });

  it('keeps the questions a cut sheet was answered under after the farm renames one, and tells the shopper', async () => {
    const kept = shareFixture({
      cut_sheet_open: false,
      cut_sheet_changed: true,
      cut_sheet_template: template,
      cut_sheet: { answers: template.map((q) => ({ question: q.label, answer: q.options[0] })), notes: null },
      cut_sheet_at: '2099-06-02T12:00:00.000Z',
    });
    vi.spyOn(api, 'get').mockResolvedValue({ shares: [kept] } as never);
    wrap(<MyShares />);
    expect(await screen.findByText(/changed its cut sheet after you filled yours in: your answers are kept/)).toBeTruthy();
    fireEvent.click(screen.getByText('Your cut sheet'));
    for (const question of template) expect(screen.getByText(question.label)).toBeTruthy();
  });
});

describe('reserving a share on its product page', () => {
  const product = productFixture({
    id: 9,
    name: 'Quarter beef share',
    category: 'meat',
    price: 4.5,
    price_unit: 'lb hanging weight',
    inspection: 'custom_exempt',
    producer_user_id: 7,
    share: {
      animal: 'beef',
      parts: 4,
      animals_available: 2,
      processor: 'Marksbury Farm Market',
      processing_date: '2099-06-20',
      cut_sheet_due: '2099-06-12',
      time_zone: 'America/New_York',
      hanging_weight: 210,
      processing_fee: 160,
      deposit: 200,
      deposit_link: null,
      cut_sheet: template,
      shares_total: 8,
      shares_left: 3,
      estimate: 1105,
    },
  });

  /** The shopper's shares as GET /shares/mine answers, with the site's cap of 2 per product. */
  const serveMine = (shares: ShareReservation[]) =>
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url === '/shares/mine') return { shares, max_per_product: 2 } as never;
      throw new Error(`unexpected GET ${url}`);
    });

  it('says what is left and what it costs, and reserves the chosen number of shares under the shopper’s name', async () => {
    serveMine([]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ share: shareFixture() } as never);
    wrap(<ReserveCard product={product} />);
    expect(screen.getByText('Quarter of a steer · 3 of 8 left')).toBeTruthy();
    expect(screen.getByText(/“Not for Sale”/)).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Your name', { exact: false }), { target: { value: 'Dana Reyes' } });
    expect(await screen.findByText('One shopper may hold up to 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shares', { exact: false }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reserve · about $2,210.00' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/shares', { product_id: 9, quantity: 2, shopper_name: 'Dana Reyes', shopper_phone: null });
  });

  it('offers no more shares than one shopper may hold of this product, and says so once they hold the most', async () => {
    const mine = serveMine([
      shareFixture({ id: 51, product_id: 9, quantity: 1 }),
      shareFixture({ id: 52, product_id: 9, quantity: 1, status: 'cancelled' }),
      shareFixture({ id: 53, product_id: 12, quantity: 2 }),
    ]);
    const { unmount } = wrap(<ReserveCard product={product} />);
    expect(await screen.findByText('You hold 1; one shopper may hold 2')).toBeTruthy();
    const options = within(screen.getByLabelText('Shares', { exact: false })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1']);
    unmount();

    mine.mockResolvedValue({ shares: [shareFixture({ id: 51, product_id: 9, quantity: 2 })], max_per_product: 2 } as never);
    wrap(<ReserveCard product={product} />);
    expect(
      await screen.findByText(/You hold 2 shares of this animal, the most one shopper may reserve; other shoppers get the rest/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
  });

  it('says every share is reserved when none is left', () => {
    wrap(<ReserveCard product={{ ...product, share: product.share ? { ...product.share, shares_left: 0 } : null }} />);
    expect(screen.getByText('Every share is reserved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
  });
});
