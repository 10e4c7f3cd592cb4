import type { ShareReservation } from '@farmstand/shared/schemas/shares';
import { defaultCutSheet } from '@farmstand/shared/schemas/shares';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { shareFixture } from '../share.fixture';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 }, isAuthenticated: true }) }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { billPreview, FarmShares } from './farm-shares';

vi.setConfig({ testTimeout: 60_000 });

const template = defaultCutSheet('beef');

const processed = (overrides: Partial<ShareReservation> = {}) =>
  shareFixture({
    status: 'processed',
    cut_sheet_open: false,
    deposit_received: 200,
    deposit_received_at: '2099-06-02T15:00:00.000Z',
    hanging_weight: 212.5,
    processing_fees: 165,
    bill_total: 1121.25,
    amount_due: 921.25,
    state_label: 'Processed',
    ...overrides,
  });

const cutSheet = {
  answers: template.map((q) => ({ question: q.label, answer: q.options[0] })),
  notes: 'Extra soup bones please',
};

function serve(shares: ShareReservation[]) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/shares/received') return { shares } as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

let client: QueryClient;
const show = () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FarmShares />
    </QueryClientProvider>,
  );
};

describe('the farm’s meat shares on the Orders tab', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a reserved share’s steps and records the deposit received, prefilled with the one asked', async () => {
    serve([shareFixture()]);
    const put = vi.spyOn(api, 'put').mockResolvedValue({ share: shareFixture() } as never);
    show();
    expect(await screen.findByRole('heading', { level: 2, name: 'Meat shares (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Quarter beef share · Quarter of a steer' })).toBeTruthy();
    expect(screen.getByText(/Processed by Marksbury Farm Market on Sat, Jun 20 · 1 share/)).toBeTruthy();
    const card = screen.getByTestId('share-41');
    expect(within(card).getByRole('heading', { name: 'Dana Reyes' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '(859) 555-0142' }).getAttribute('href')).toBe('tel:8595550142');
    const steps = within(card).getByRole('list', { name: 'Steps of this share' });
    expect(steps.textContent).toContain('Reserved (done)');
    expect(steps.textContent).toContain('Deposit due');
    expect(steps.textContent).not.toContain('Deposit due (done)');
    expect(within(card).getByText('Estimate: about $1,105.00')).toBeTruthy();
    expect(within(card).getByText('Deposit asked: $200.00')).toBeTruthy();
    expect(within(card).getByText('Cut sheet not in yet (due Fri, Jun 12)')).toBeTruthy();
    // Not processed yet: no ready form, but the bill form (the server says when it may be entered).
    expect(within(card).queryByLabelText('Pickup details')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Enter bill' })).toBeTruthy();

    const amount = within(card).getByLabelText('Deposit received ($)') as HTMLInputElement;
    expect(amount.value).toBe('200');
    fireEvent.input(amount, { target: { value: '150' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/shares/41/deposit', { amount: 150 }));
  });

  it('refuses a deposit that is not an amount before asking the server', async () => {
    serve([shareFixture()]);
    const put = vi.spyOn(api, 'put');
    show();
    const amount = await screen.findByLabelText('Deposit received ($)');
    fireEvent.input(amount, { target: { value: 'two hundred' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Deposit received must be a number');
    expect(put).not.toHaveBeenCalled();
  });

  it('shows a processed share’s bill and the deposit received, clears the deposit and marks the share ready', async () => {
    serve([processed()]);
    const put = vi.spyOn(api, 'put').mockResolvedValue({ share: processed() } as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ share: processed({ status: 'ready' }) } as never);
    show();
    const card = await screen.findByTestId('share-41');
    expect(within(card).getByText('Bill: $1,121.25 · to pay at pickup: $921.25')).toBeTruthy();
    expect(within(card).getByText('Deposit received: $200.00 on Jun 2, 2099')).toBeTruthy();
    expect(within(card).getByText('Cut sheet missed: you choose the cuts')).toBeTruthy();
    expect(within(card).queryByLabelText('Deposit received ($)')).toBeNull();
    const steps = within(card).getByRole('list', { name: 'Steps of this share' });
    expect(steps.textContent).toContain('Processed (done)');
    expect(steps.textContent).not.toContain('Ready for pickup (done)');

    fireEvent.click(within(card).getByRole('button', { name: 'Clear the deposit of Dana Reyes' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/shares/41/deposit', { amount: null }));

    fireEvent.click(within(card).getByRole('button', { name: 'Mark ready' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Say when and where the shopper picks it up');
    expect(post).not.toHaveBeenCalled();
    fireEvent.input(within(card).getByLabelText('Pickup details'), { target: { value: 'Saturday 9–noon at the farm' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Mark ready' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/shares/41/ready', { note: 'Saturday 9–noon at the farm' }));
  });

  it('previews the bill as the server computes it and sends it; the server’s refusal before processing day shows', async () => {
    serve([shareFixture({ deposit_received: 200, deposit_received_at: '2099-06-02T15:00:00.000Z' })]);
    const refusal =
      'The bill is entered once the animal is processed: from 2099-06-20 on, with the hanging weight from Marksbury Farm Market';
    const put = vi.spyOn(api, 'put').mockRejectedValue(new ApiError(409, refusal));
    show();
    const card = await screen.findByTestId('share-41');
    fireEvent.input(within(card).getByLabelText('Hanging weight (lb)'), { target: { value: '212.5' } });
    fireEvent.input(within(card).getByLabelText('Processing fees ($)'), { target: { value: '165' } });
    expect(within(card).getByText('212.5 lb × $4.50/lb + $165.00 − $200.00 deposit = $921.25 to pay at pickup')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Enter bill' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/shares/41/bill', { hanging_weight: 212.5, processing_fees: 165, confirm: false }),
    );
    expect((await within(card).findByRole('alert')).textContent).toBe(refusal);
    // That refusal cannot be confirmed away.
    expect(within(card).queryByRole('button', { name: 'Save anyway' })).toBeNull();
  });

  it('shows the server’s refusal of a bill far above the estimate and sends it again, confirmed, on “Save anyway”', async () => {
    serve([shareFixture()]);
    const far =
      "$7,750.00 is far above this share's estimate of $1,105.00 (1500 lb hanging weight against about 210 lb expected): check the processor's sheet and confirm to save it";
    const put = vi
      .spyOn(api, 'put')
      .mockRejectedValueOnce(new ApiError(409, far))
      .mockResolvedValue({ share: processed({ hanging_weight: 1500, processing_fees: 1000 }) } as never);
    show();
    const card = await screen.findByTestId('share-41');
    fireEvent.input(within(card).getByLabelText('Hanging weight (lb)'), { target: { value: '1500' } });
    fireEvent.input(within(card).getByLabelText('Processing fees ($)'), { target: { value: '1000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Enter bill' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain(far);
    fireEvent.click(within(alert).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('/shares/41/bill', { hanging_weight: 1500, processing_fees: 1000, confirm: true }),
    );
  });

  it('computes the preview to the cent like the server (halves up), and says when the farm owes the deposit back', () => {
    const share = { price_per_lb: 4.5, deposit_received: 200 };
    expect(billPreview(share, { hanging_weight: 212.5, processing_fees: 165 })).toBe(
      '212.5 lb × $4.50/lb + $165.00 − $200.00 deposit = $921.25 to pay at pickup',
    );
    // 100.111 lb × $4.99 = $499.55389 → $499.55; 0.001 lb × $5 = half a cent → 1 cent.
    expect(billPreview({ price_per_lb: 4.99, deposit_received: null }, { hanging_weight: 100.111, processing_fees: 0 })).toBe(
      '100.111 lb × $4.99/lb + $0.00 = $499.55 to pay at pickup',
    );
    expect(billPreview({ price_per_lb: 5, deposit_received: null }, { hanging_weight: 0.001, processing_fees: 0 })).toBe(
      '0.001 lb × $5.00/lb + $0.00 = $0.01 to pay at pickup',
    );
    expect(billPreview({ price_per_lb: 4.5, deposit_received: 500 }, { hanging_weight: 50, processing_fees: 10 })).toBe(
      '50 lb × $4.50/lb + $10.00 − $500.00 deposit = you owe back $265.00 of the deposit',
    );
  });

  it('shows a custom-exempt cut sheet marked NOT FOR SALE and prints only that sheet', async () => {
    serve([processed({ cut_sheet: cutSheet, cut_sheet_at: '2099-06-05T12:00:00.000Z' })]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show();
    const card = await screen.findByTestId('share-41');
    const sheet = within(card).getByText('Cut sheet').closest('details') as HTMLDetailsElement;
    expect(sheet.open).toBe(false);
    expect(within(sheet).getByText('NOT FOR SALE — custom exempt: for the owner’s household only')).toBeTruthy();
    for (const a of cutSheet.answers) {
      const term = within(sheet).getByText(a.question);
      expect(term.nextElementSibling?.textContent).toBe(a.answer);
    }
    expect(within(sheet).getByText('Extra soup bones please')).toBeTruthy();
    const target = within(sheet).getByText(/^Cut sheet: Dana Reyes/).parentElement as HTMLElement;
    expect(target.getAttribute('data-print-target')).toBe('false');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Print cut sheet' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(sheet.open).toBe(true);
    expect(target.getAttribute('data-print-target')).toBe('true');
    expect(document.querySelectorAll('[data-print-target="true"]').length).toBe(1);
  });

  it('leaves the NOT FOR SALE line off an inspected share’s cut sheet', async () => {
    serve([processed({ inspection: 'usda', cut_sheet: cutSheet, cut_sheet_at: '2099-06-05T12:00:00.000Z' })]);
    show();
    await screen.findByText('Cut sheet');
    expect(screen.queryByText(/NOT FOR SALE/)).toBeNull();
  });

  it('folds picked-up and cancelled shares under Past shares, and hands over a ready one', async () => {
    const ready = processed({ id: 42, shopper_name: 'Eli Park', status: 'ready', ready_note: 'Saturday 9–noon at the farm' });
    const done = processed({ id: 43, shopper_name: 'Fay Cole', status: 'picked_up', state_label: 'Picked up' });
    const cancelled = shareFixture({ id: 44, shopper_name: 'Gus Diaz', status: 'cancelled', cancel_reason: 'Moved away' });
    serve([done, cancelled, ready]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ share: done } as never);
    show();
    expect(await screen.findByRole('heading', { level: 2, name: 'Meat shares (1)' })).toBeTruthy();
    const past = screen.getByText('Past shares (2)').closest('details') as HTMLDetailsElement;
    expect(past.open).toBe(false);
    expect(within(past).getByRole('heading', { name: 'Fay Cole' })).toBeTruthy();
    expect(within(past).getByText('Cancelled: Moved away')).toBeTruthy();
    expect(within(past).queryByRole('button')).toBeNull();

    const card = screen.getByTestId('share-42');
    expect(past.contains(card)).toBe(false);
    expect(within(card).getByText('Pickup: Saturday 9–noon at the farm')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Mark picked up' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/shares/42/picked-up', {}));
  });

  it('cancels a share only with a reason for the shopper', async () => {
    serve([shareFixture()]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ share: shareFixture({ status: 'cancelled' }) } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Dana Reyes’s 1 × Quarter of a steer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the share' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Say why you cancel: the shopper reads it');
    expect(post).not.toHaveBeenCalled();
    fireEvent.input(within(dialog).getByLabelText('Reason for the shopper'), { target: { value: 'The steer went lame' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the share' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/shares/41/cancel', { reason: 'The steer went lame' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renders nothing, not even a heading, when the farm has no share reservations', async () => {
    serve([]);
    const { container } = show();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/shares/received'));
    // Answered, and drawn: the cache tells its observers on the next task.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.innerHTML).toBe('');
  });
});
