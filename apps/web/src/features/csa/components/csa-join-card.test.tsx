import type { CsaPlan } from '@farmstand/shared/schemas/csa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';

const auth = vi.hoisted(() => ({ user: null as { id: number; phone: string | null } | null }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: auth.user, isAuthenticated: Boolean(auth.user) }) }));

import { CsaJoinCard } from './csa-join-card';

vi.setConfig({ testTimeout: 60_000 });

/** Cumberland Farm's summer share: two sizes, a skipped 4th of July week, the market full, the farm stand open. */
const plan = (overrides: Partial<CsaPlan> = {}): CsaPlan => ({
  id: 3,
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  name: 'Summer Veggie Share',
  description: 'Whatever is best that week',
  sizes: [
    { name: 'Small', price: 20 },
    { name: 'Large', price: 32.5 },
  ],
  season_start: '2099-06-01',
  season_end: '2099-08-31',
  skip_dates: ['2099-07-04'],
  places: [
    {
      point_id: 11,
      name: 'Lexington Farmers Market',
      weekday: 6,
      start: '09:00',
      time_zone: 'America/New_York',
      cap: 2,
      members: 2,
      left: 0,
    },
    {
      point_id: 12,
      name: 'Farm stand',
      weekday: 3,
      start: '16:00',
      time_zone: 'America/New_York',
      cap: 20,
      members: 3,
      left: 17,
    },
  ],
  active: true,
  ...overrides,
});

const pickup = {
  producer_user_id: 7,
  farm_name: 'Cumberland Farm',
  settings: { cutoff_hours: 24 },
  points: [
    { id: 11, schedule: [{ weekday: 6, start: '09:00', end: '12:00' }] },
    { id: 12, schedule: [{ weekday: 3, start: '16:00', end: '18:30' }] },
  ],
  windows: [],
  delivery: { available: false, radius: null },
  time_zone: 'America/New_York',
};

function serve(plans: CsaPlan[]) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/csa/farms/7/plans') return { plans } as never;
    if (url === '/pickup/producers/7') return pickup as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/producer/7']}>
        <CsaJoinCard producerUserId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const welcome =
  'Welcome to Summer Veggie Share: your Large share is reserved each week at Farm stand from Wed, Jun 3, 4:00 PM, paid at each pickup. Pause or leave any time from your orders.';

describe('joining a farm’s CSA share plan', () => {
  beforeEach(() => {
    auth.user = { id: 1, phone: '(859) 555-0100' };
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each open plan: sizes with their price per pickup, season, weeks off and places with places left or Full', async () => {
    serve([plan()]);
    show();
    const offer = await screen.findByRole('region', { name: 'Summer Veggie Share' });
    expect(screen.getByRole('heading', { level: 2, name: 'CSA share plans' })).toBeTruthy();
    expect(within(offer).getByText('Whatever is best that week')).toBeTruthy();
    expect(within(offer).getByText('Small: $20.00 a pickup')).toBeTruthy();
    expect(within(offer).getByText('Large: $32.50 a pickup')).toBeTruthy();
    expect(within(offer).getByText('paid at each pickup')).toBeTruthy();
    expect(within(offer).getByText('Jun 1 to Aug 31, 2099')).toBeTruthy();
    expect(within(offer).getByText('Sat, Jul 4')).toBeTruthy();
    const places = within(offer)
      .getAllByRole('listitem')
      .filter((li) => /Market|Farm stand/.test(li.textContent ?? ''));
    expect(places[0].textContent).toMatch(/^Lexington Farmers Market: Saturday 9:00 AM – 12:00 PM( \(Eastern time\))? · Full$/);
    expect(places[1].textContent).toMatch(/^Farm stand: Wednesday 4:00 PM – 6:30 PM( \(Eastern time\))? · 17 places left$/);
  });

  it('sends the chosen place, size, dislikes, name and phone, then shows the server’s welcome and a link to the orders', async () => {
    serve([plan()]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ standing: { id: 40 }, message: welcome } as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Summer Veggie Share' }));
    // The form loads when Join is pressed.
    const form = await screen.findByRole('form', { name: 'Join Summer Veggie Share' });
    const market = within(form).getByRole('radio', { name: /Lexington Farmers Market/ }) as HTMLInputElement;
    expect(market.disabled).toBe(true);
    expect(market.closest('label')?.textContent).toContain('Full');
    // The first place with room is chosen; the shopper's phone is filled in.
    expect((within(form).getByRole('radio', { name: /Farm stand/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe('(859) 555-0100');
    fireEvent.click(within(form).getByRole('radio', { name: /Large/ }));
    fireEvent.input(within(form).getByLabelText('Anything you’d rather not get? (optional)'), {
      target: { value: 'No beets, please' },
    });
    fireEvent.input(within(form).getByLabelText('Name for pickup'), { target: { value: 'Dana Reyes' } });
    // The season reads 'from Jun 1 to Aug 31, 2099', never 'through Jun 1 to …'.
    expect(within(form).getByText('You pay $32.50 to the farm at each pickup, from Jun 1 to Aug 31, 2099.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Join · $32.50 a pickup' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/csa/3/join', {
      point_id: 12,
      size: 1,
      dislikes: 'No beets, please',
      shopperName: 'Dana Reyes',
      shopperPhone: '(859) 555-0100',
    });
    expect(await screen.findByText(welcome)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your share in your orders' }).getAttribute('href')).toBe('/orders?tab=standing');
    expect(screen.queryByRole('form', { name: 'Join Summer Veggie Share' })).toBeNull();
    expect(localStorage.getItem('farmstandPickupName')).toBe('Dana Reyes');
  });

  it('writes a season across the new year as a person would', async () => {
    serve([plan({ season_start: '2099-12-12', season_end: '2100-03-27', skip_dates: [] })]);
    show();
    const offer = await screen.findByRole('region', { name: 'Summer Veggie Share' });
    expect(within(offer).getByText('Dec 12, 2099 to Mar 27, 2100')).toBeTruthy();
  });

  it('lets the member say how they plan to pay, as a basket does, and sends it with the join', async () => {
    serve([plan()]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ standing: { id: 40 }, message: welcome } as never);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/producer/7']}>
          <CsaJoinCard
            producerUserId={7}
            plannedBenefits={({ farmName, value, onChange }) => (
              <label>
                <input
                  type="checkbox"
                  checked={value?.includes('snap') ?? false}
                  onChange={(e) => onChange(e.target.checked ? ['snap'] : [])}
                />
                {`I'll pay ${farmName} with SNAP`}
              </label>
            )}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join Summer Veggie Share' }));
    const form = await screen.findByRole('form', { name: 'Join Summer Veggie Share' });
    fireEvent.click(within(form).getByRole('checkbox', { name: "I'll pay Cumberland Farm with SNAP" }));
    fireEvent.input(within(form).getByLabelText('Name for pickup'), { target: { value: 'Dana Reyes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join · $20.00 a pickup' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][1]).toMatchObject({ point_id: 12, size: 0, plannedBenefits: ['snap'] });
  });

  it('asks for a name for pickup before sending, and shows the server’s refusal', async () => {
    serve([plan()]);
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValue(new ApiError(409, 'Farm stand is full for this plan; choose another place') as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Summer Veggie Share' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Join · $20.00 a pickup' }));
    expect(await screen.findByText('Name for pickup is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('Name for pickup'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join · $20.00 a pickup' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Farm stand is full for this plan; choose another place'),
    );
  });

  it('sends a guest to sign in and back to the farm page', async () => {
    auth.user = null;
    serve([plan()]);
    show();
    const link = await screen.findByRole('link', { name: 'Sign in to join' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fproducer%2F7');
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('says when every place is taken, and shows the farm its own plan without a join form', async () => {
    const full = plan({ places: [plan().places[0]] });
    serve([full, plan({ id: 4, name: 'Egg Share' })]);
    auth.user = { id: 7, phone: null };
    show();
    expect(await screen.findByText('Every place is taken this season.')).toBeTruthy();
    expect(screen.getByText('This is your plan; shoppers join it here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('shows nothing when the farm offers no open plan', async () => {
    serve([]);
    const { container } = show();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/csa/farms/7/plans'));
    expect(container.textContent).toBe('');
  });
});
