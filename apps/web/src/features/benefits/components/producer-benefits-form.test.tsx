import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { ProducerBenefits } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { ProducerBenefitsForm } from './producer-benefits-form';

vi.setConfig({ testTimeout: 60_000 });
// First renders are slow on a loaded machine: wait for states longer than the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

const NOTHING: ProducerBenefits = {
  state: 'KY',
  fns_number: null,
  snap_status: 'none',
  snap_note: null,
  snap_reviewed_at: null,
  wic_fmnp: { accepted: false, expires_on: null },
  senior_fmnp: { accepted: false, expires_on: null },
  incentive_market: null,
  incentive_name: 'Kentucky Double Dollars',
  incentive_markets: [],
  incentive_places: [],
};

function serve(benefits: ProducerBenefits, table = DEFAULT_BENEFIT_TABLE) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/benefits/mine') return { benefits } as never;
    if (url === '/benefits/programmes') return table as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProducerBenefitsForm />
    </QueryClientProvider>,
  );

const tick = (name: string | RegExp) => fireEvent.click(screen.getByRole('checkbox', { name }));
const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
/** The texts a field's aria-describedby points at: its hint or its error. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save benefits' }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the producer’s benefits at pickup', () => {
  it('says plainly that Farmstand never takes benefits, and names the state’s incentive', async () => {
    serve(NOTHING);
    show();
    await screen.findByRole('checkbox', { name: /I take SNAP/ });
    expect(
      screen.getByText(
        'Farmstand never takes or processes benefits: you accept them in person at pickup, on your own EBT device or coupons.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/In your state the incentive is Kentucky Double Dollars/)).toBeTruthy();
  });

  it('says no incentive is known when the state has none', async () => {
    serve({ ...NOTHING, state: 'TN', incentive_name: null });
    show();
    expect(
      await screen.findByText('No incentive is known for your state, so shoppers will not see one for your farm.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/Participating market/)).toBeNull();
  });

  it('sends SNAP with its number and coupons with their end dates, and shows the server’s message', async () => {
    serve(NOTHING);
    const put = vi.spyOn(api, 'put').mockResolvedValue({
      benefits: {
        ...NOTHING,
        fns_number: '1234567',
        snap_status: 'pending',
        wic_fmnp: { accepted: true, expires_on: '2099-10-31' },
      },
      message: 'Saved. An admin checks your FNS number before shoppers see that you take SNAP.',
    } as never);
    show();
    await screen.findByRole('checkbox', { name: /I take SNAP/ });
    tick(/I take SNAP/);
    type('FNS retailer number', ' 1234567 ');
    tick(/I take WIC FMNP coupons/);
    type('WIC FMNP authorisation ends', '2099-10-31');
    save();

    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/benefits/mine', {
      fns_number: '1234567',
      wic_fmnp: { accepted: true, expires_on: '2099-10-31' },
      senior_fmnp: { accepted: false, expires_on: null },
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved. An admin checks your FNS number before shoppers see that you take SNAP.',
    );
    expect(screen.getByText('Waiting for an admin to check your FNS number')).toBeTruthy();
    expect(screen.getByText('Your authorisation ends on Oct 31, 2099.')).toBeTruthy();
  });

  it('checks the form with the request’s schema before sending: a short number, a coupon without its end date', async () => {
    serve(NOTHING);
    const put = vi.spyOn(api, 'put');
    show();
    await screen.findByRole('checkbox', { name: /I take SNAP/ });
    tick(/I take SNAP/);
    type('FNS retailer number', '12345');
    tick(/I take Senior FMNP coupons/);
    save();

    const number = screen.getByLabelText('FNS retailer number');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toContain('An FNS retailer number is 7 digits, as on your SNAP authorisation letter');
    expect(describedBy(screen.getByLabelText('Senior FMNP authorisation ends'))).toContain(
      'Give the date your Senior FMNP authorisation ends',
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the form', async () => {
    serve(NOTHING);
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, 'This FNS number is already used by another farm'));
    show();
    await screen.findByRole('checkbox', { name: /I take SNAP/ });
    tick(/I take SNAP/);
    type('FNS retailer number', '7654321');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('This FNS number is already used by another farm');
  });

  it('shows each status of the FNS number: verified, and rejected with the admin’s note', async () => {
    serve({ ...NOTHING, fns_number: '1234567', snap_status: 'verified' });
    show();
    expect(await screen.findByText('Verified')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    serve({ ...NOTHING, fns_number: '1234567', snap_status: 'rejected', snap_note: 'The number belongs to another store' });
    show();
    expect(await screen.findByText('Rejected: The number belongs to another store')).toBeTruthy();
    expect((screen.getByLabelText('FNS retailer number') as HTMLInputElement).value).toBe('1234567');
  });

  it('says when a coupon authorisation has ended', async () => {
    serve({ ...NOTHING, wic_fmnp: { accepted: true, expires_on: '2020-06-30' } });
    show();
    expect(
      await screen.findByText(
        'Your authorisation ended on Jun 30, 2020: shoppers no longer see it. Give the new end date once it is renewed.',
      ),
    ).toBeTruthy();
  });

  it('lists the pickup places that are participating markets, where shoppers are offered the match', async () => {
    serve({
      ...NOTHING,
      incentive_places: [
        { name: 'Berea market stall', market: 'Berea Farmers Market' },
        { name: 'Bowling Green stall', market: 'Bowling Green Farmers Market' },
      ],
    });
    show();
    const list = await screen.findByRole('list', { name: 'Your places that are participating markets' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Berea market stall: Berea Farmers Market',
      'Bowling Green stall: Bowling Green Farmers Market',
    ]);
    expect(screen.getByText(/Say which market each pickup place is on your Pickup tab/)).toBeTruthy();
    expect(screen.queryByLabelText(/Participating market/)).toBeNull();
  });

  it('says no place is a participating market yet, so the match is not offered', async () => {
    serve(NOTHING);
    show();
    expect(
      await screen.findByText('None of your pickup places is a participating market yet, so shoppers are not offered the match.'),
    ).toBeTruthy();
  });

  it('names who authorises the coupons in the farm’s state from the table in force', async () => {
    const table = {
      ...DEFAULT_BENEFIT_TABLE,
      programmes: DEFAULT_BENEFIT_TABLE.programmes.map((row) =>
        row.programme === 'wic_fmnp' && row.state === 'KY' ? { ...row, authorisedBy: 'Kentucky WIC office' } : row,
      ),
    };
    serve(NOTHING, table);
    show();
    expect(await screen.findByText('Authorised by Kentucky WIC office.')).toBeTruthy();
  });
});
