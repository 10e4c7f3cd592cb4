import type { CsaBox } from '@farmstand/shared/schemas/csa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { CsaWeekBox } from './csa-week-box';

vi.setConfig({ testTimeout: 60_000 });

const box = (overrides: Partial<CsaBox> = {}): CsaBox => ({
  plan_id: 3,
  week_of: '2099-06-08',
  items: [
    { product_id: 1, variant_id: null, name: 'Farm Fresh Eggs', variant_name: null, quantities: [1, 2] },
    { product_id: 2, variant_id: 5, name: 'Honey', variant_name: '1 lb jar', quantities: [0, 1] },
  ],
  note: 'First strawberries next week!',
  photo_url: '/uploads/csa/3/abc-800.webp',
  posted_at: '2099-06-04T12:00:00.000Z',
  ...overrides,
});

function serve(answer: () => Promise<unknown>) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/csa/3/boxes') return (await answer()) as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = (sizeIndex: number, upcoming: Parameters<typeof CsaWeekBox>[0]['upcoming'] = []) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CsaWeekBox planId={3} sizeIndex={sizeIndex} upcoming={upcoming} />
    </QueryClientProvider>,
  );

describe('a member’s box of the week', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the latest box in the member’s size, with the farm’s note and photo', async () => {
    serve(async () => ({ boxes: [box(), box({ week_of: '2099-06-01', note: 'Older box' })] }));
    show(0);
    expect(await screen.findByRole('heading', { level: 4, name: 'Box for the week of Mon, Jun 8' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 × Farm Fresh Eggs']);
    expect(screen.getByText('First strawberries next week!')).toBeTruthy();
    expect(screen.queryByText('Older box')).toBeNull();
    const photo = screen.getByRole('img', { name: 'This week’s box from the farm, week of Mon, Jun 8' });
    expect(photo.getAttribute('src')).toBe('/uploads/csa/3/abc-800.webp');
  });

  it('lists the larger size’s quantities, variants named', async () => {
    serve(async () => ({ boxes: [box({ photo_url: null })] }));
    show(1);
    await screen.findByRole('heading', { level: 4 });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2 × Farm Fresh Eggs', '1 × Honey (1 lb jar)']);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says when nothing is posted yet, when the size has nothing, and when the boxes cannot be read', async () => {
    serve(async () => ({ boxes: [] }));
    show(0);
    expect(await screen.findByText('The farm has not posted a box yet. You get an email when it does.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    serve(async () => ({ boxes: [box({ items: [{ ...box().items[1] }] })] }));
    show(0);
    expect(await screen.findByText('The farm lists no items for your size this week.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    serve(async () => {
      throw new ApiError(404, 'Share plan not found');
    });
    show(0);
    expect(await screen.findByText('Share plan not found')).toBeTruthy();
  });
  it('says the member has no pickup in the box’s week when their place is closed that day, with the reason', async () => {
    serve(async () => ({ boxes: [box()] }));
    show(0, [
      { date: '2099-06-13', state: 'off', reason: 'Lexington Farmers Market is closed on Saturday, June 13' },
      { date: '2099-06-20', state: 'upcoming', reason: null },
    ]);
    expect(
      await screen.findByText(
        'No pickup for you that week: Lexington Farmers Market is closed on Saturday, June 13. The next weeks stay as they are.',
      ),
    ).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    // A plan's own week off (no reason) and another week's closure say nothing over the box.
    serve(async () => ({ boxes: [box()] }));
    show(0, [
      { date: '2099-06-13', state: 'off', reason: null },
      { date: '2099-06-20', state: 'off', reason: 'Lexington Farmers Market is closed on Saturday, June 20' },
    ]);
    await screen.findByRole('heading', { level: 4 });
    expect(screen.queryByText(/No pickup for you/)).toBeNull();
  });
});
