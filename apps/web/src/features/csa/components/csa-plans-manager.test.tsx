import type { CsaBox, CsaMemberList, CsaPlan } from '@farmstand/shared/schemas/csa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { CsaPlansManager } from './csa-plans-manager';

vi.setConfig({ testTimeout: 60_000 });

const plan: CsaPlan = {
  id: 3,
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  name: 'Summer Veggie Share',
  description: null,
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
      cap: 20,
      members: 2,
      left: 18,
    },
  ],
  active: true,
};

const point = (id: number, name: string, kind: 'market' | 'delivery' = 'market') => ({
  id,
  kind,
  name,
  address: null,
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  delivery_fee: null,
  time_zone: 'America/New_York',
  booth: null,
  min_order: null,
  schedule: [{ weekday: 6, start: '09:00', end: '12:00' }],
});

const members: CsaMemberList = {
  members: [
    {
      standing_id: 40,
      name: 'Dana Shopper',
      phone: '(859) 555-0100',
      size: 'Large',
      point_id: 11,
      place: 'Lexington Farmers Market',
      dislikes: 'No beets, please',
      status: 'active',
      paused_until: null,
      away_from: null,
      away_to: null,
      skips: ['2099-06-13'],
      next_pickup: '2099-06-27',
      joined_at: '2099-05-20T12:00:00.000Z',
    },
  ],
};

const box: CsaBox = {
  plan_id: 3,
  week_of: '2099-06-01',
  items: [{ product_id: 5, variant_id: null, name: 'Farm Fresh Eggs', variant_name: null, quantities: [1, 2] }],
  note: 'First strawberries next week!',
  photo_url: null,
  posted_at: '2099-06-01T12:00:00.000Z',
};

function serve(plans: CsaPlan[]) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/csa/mine') return { plans } as never;
    if (url === '/pickup/mine')
      return { points: [point(11, 'Lexington Farmers Market'), point(12, 'Home delivery', 'delivery')] } as never;
    if (url === '/csa/3/members') return members as never;
    if (url === '/csa/3/boxes') return { boxes: [box] } as never;
    if (url === '/products/mine')
      return {
        products: [
          { id: 5, name: 'Farm Fresh Eggs', active: true, variants: [] },
          { id: 6, name: 'Grass-fed beef', active: true, variants: [{ id: 9, name: 'Ribeye' }] },
        ],
      } as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CsaPlansManager />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the farm’s CSA share plans', () => {
  it('adds a plan at a chosen place with its weekly time and cap, and shows the server’s refusal under the form', async () => {
    serve([]);
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(409, 'You already offer a plan named Spring Share'))
      .mockResolvedValueOnce({ plan: { ...plan, name: 'Spring Share' }, message: 'Share plan added' } as never);
    show();
    await screen.findByText('No share plans yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add share plan' }));
    const dialog = await screen.findByRole('dialog');
    // Checked in the page first: nothing is sent without a price or a place.
    fireEvent.input(within(dialog).getByLabelText(/Plan name/), { target: { value: 'Spring Share' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add share plan' }));
    expect(await within(dialog).findByText('Choose at least one pickup place')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.input(within(dialog).getByLabelText('Size 1 price per pickup ($)'), { target: { value: '25' } });
    fireEvent.input(within(dialog).getByLabelText(/First pickup date/), { target: { value: '2099-04-04' } });
    fireEvent.input(within(dialog).getByLabelText(/Last pickup date/), { target: { value: '2099-05-30' } });
    // A delivery route is not a place a box is picked up.
    expect(within(dialog).queryByRole('checkbox', { name: 'Home delivery' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lexington Farmers Market' }));
    fireEvent.input(within(dialog).getByLabelText('Members at most at Lexington Farmers Market'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add share plan' }));
    expect(await within(dialog).findByText('You already offer a plan named Spring Share')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/csa', {
      name: 'Spring Share',
      description: null,
      sizes: [{ name: 'Regular', price: 25 }],
      season_start: '2099-04-04',
      season_end: '2099-05-30',
      skip_dates: [],
      places: [{ point_id: 11, weekday: 6, start: '09:00', cap: 12 }],
      active: true,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add share plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Share plan added');
  });

  it('adds weeks off only inside the season, and refuses a season that ends before it starts, without asking the server', async () => {
    serve([]);
    const post = vi.spyOn(api, 'post');
    show();
    await screen.findByText('No share plans yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add share plan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/First pickup date/), { target: { value: '2099-04-04' } });
    fireEvent.input(within(dialog).getByLabelText(/Last pickup date/), { target: { value: '2099-05-30' } });
    const skip = within(dialog).getByLabelText('Skip the pickup on');
    fireEvent.input(skip, { target: { value: '2099-06-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    expect(await within(dialog).findByText('That date is outside the season')).toBeTruthy();
    expect(document.activeElement).toBe(skip);
    fireEvent.input(skip, { target: { value: '2099-05-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    expect(within(dialog).getByRole('list', { name: 'Skipped dates' }).textContent).toContain('May 2');
    expect(within(dialog).queryByText('That date is outside the season')).toBeNull();

    fireEvent.input(within(dialog).getByLabelText(/Last pickup date/), { target: { value: '2099-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add share plan' }));
    expect(await within(dialog).findByText('The season cannot end before it starts')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('lists a plan’s members with their dislikes and skips, and posts the week’s box to them', async () => {
    serve([plan]);
    const put = vi.spyOn(api, 'put').mockResolvedValue({
      box: { ...box, week_of: '2099-06-08' },
      message: 'Box posted and mailed to 1 members; their orders for that week will hold it.',
    } as never);
    show();
    const card = await screen.findByTestId('csa-plan-3');
    expect(within(card).getByText(/2 of 20 members · 18 left/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Members (2), Summer Veggie Share' }));
    expect(await within(card).findByText('Dana Shopper')).toBeTruthy();
    expect(within(card).getByText('No beets, please')).toBeTruthy();
    expect(within(card).getByText(/Skips Sat, Jun 13/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Weekly box, Summer Veggie Share' }));
    const form = await within(card).findByRole('form', { name: 'Post a box for Summer Veggie Share' });
    // The posted box so far, with each size's quantity.
    expect(await within(card).findByText('Small 1 · Large 2')).toBeTruthy();
    fireEvent.input(within(form).getByLabelText(/Week of/), { target: { value: '2099-06-13' } });
    await within(form).findByRole('option', { name: 'Grass-fed beef (Ribeye)' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: '6:9' } });
    fireEvent.input(within(form).getByLabelText('Small box'), { target: { value: '0' } });
    fireEvent.input(within(form).getByLabelText('Large box'), { target: { value: '2' } });
    fireEvent.input(within(form).getByLabelText(/Note for members/), { target: { value: 'Steaks this week' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post box and email members' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/csa/3/boxes', {
        week_of: '2099-06-13',
        items: [{ productId: 6, variantId: 9, quantities: [0, 2] }],
        note: 'Steaks this week',
      }),
    );
    expect(
      await within(card).findByText('Box posted and mailed to 1 members; their orders for that week will hold it.'),
    ).toBeTruthy();
    // Then the photo, for the week the server filed the box under.
    expect(within(card).getByRole('form', { name: /Photo of the box for the week of Mon, Jun 8/ })).toBeTruthy();
  });

  it('shows each member’s next pickup in its own column', async () => {
    serve([plan]);
    show();
    const card = await screen.findByTestId('csa-plan-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Members (2), Summer Veggie Share' }));
    const table = await within(card).findByRole('table', { name: 'Members of Summer Veggie Share' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const column = headers.indexOf('Next pickup');
    expect(column).toBeGreaterThan(-1);
    const cells = within(within(table).getByRole('row', { name: /Dana Shopper/ })).getAllByRole('cell');
    // The first cell is the row header (the name): the other cells start at the second column.
    expect(cells[column - 1].textContent).toBe('Sat, Jun 27');
  });

  it('uploads the box photo as multipart, field image, to the week the server filed the box under', async () => {
    serve([plan]);
    vi.spyOn(api, 'put').mockResolvedValue({ box: { ...box, week_of: '2099-06-08' }, message: 'Box posted.' } as never);
    const upload = vi.spyOn(api, 'upload').mockResolvedValue({
      box: { ...box, week_of: '2099-06-08', photo_url: '/uploads/csa/3/a-800.webp' },
      message: 'Photo added to the box.',
    } as never);
    show();
    const card = await screen.findByTestId('csa-plan-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Weekly box, Summer Veggie Share' }));
    const form = await within(card).findByRole('form', { name: 'Post a box for Summer Veggie Share' });
    await within(form).findByRole('option', { name: 'Farm Fresh Eggs' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: '5' } });
    fireEvent.input(within(form).getByLabelText('Small box'), { target: { value: '1' } });
    fireEvent.input(within(form).getByLabelText('Large box'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post box and email members' }));
    const photoForm = await within(card).findByRole('form', { name: /Photo of the box for the week of Mon, Jun 8/ });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'box.png', { type: 'image/png' });
    fireEvent.change(within(photoForm).getByLabelText('Photo of the box (optional)'), { target: { files: [photo] } });
    fireEvent.click(within(photoForm).getByRole('button', { name: 'Add photo' }));
    expect(await within(photoForm).findByText('Photo added to the box.')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
    const [url, sent] = upload.mock.calls[0];
    expect(url).toBe('/csa/3/boxes/2099-06-08/photo');
    expect([...(sent as FormData).keys()]).toEqual(['image']);
    expect((sent as FormData).get('image')).toBe(photo);
  });

  it('refuses the same product twice in one box without asking the server', async () => {
    serve([plan]);
    const put = vi.spyOn(api, 'put');
    show();
    const card = await screen.findByTestId('csa-plan-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Weekly box, Summer Veggie Share' }));
    const form = await within(card).findByRole('form', { name: 'Post a box for Summer Veggie Share' });
    await within(form).findByRole('option', { name: 'Farm Fresh Eggs' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add an item' }));
    fireEvent.change(within(form).getAllByLabelText('Product')[1], { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post box and email members' }));
    expect(await within(form).findByText('Farm Fresh Eggs is in the box twice: give it once')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });
});
