import type { AdminBenefitsList } from '@farmstand/shared/schemas/benefits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { AdminBenefitsReview } from './admin-benefits-review';

vi.setConfig({ testTimeout: 60_000 });
// First renders are slow on a loaded machine: wait for states longer than the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

const farm = (id: number, name: string, fns: string): AdminBenefitsList['producers'][number] => ({
  producer_user_id: id,
  farm_name: name,
  state: 'KY',
  fns_number: fns,
  snap_status: 'pending',
  snap_note: null,
  updated_at: '2099-05-20T12:00:00.000Z',
});

function serve() {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string, query?: Record<string, unknown>) => {
    if (url === '/admin/benefits' && query?.status === 'pending')
      return { producers: [farm(7, 'Cumberland Farm', '1234567'), farm(8, 'Bluegrass Acres', '7654321')] } as never;
    if (url === '/admin/benefits') return { producers: [] } as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AdminBenefitsReview />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The card of one farm, found by its name. */
const card = async (name: string) => (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the admin’s check of FNS numbers', () => {
  it('lists the farms waiting, and verifies one with an optional note', async () => {
    const get = serve();
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Cumberland Farm’s FNS number is verified' } as never);
    show();
    const cumberland = await card('Cumberland Farm');
    expect(within(cumberland).getByText('1234567')).toBeTruthy();
    expect(await card('Bluegrass Acres')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/admin/benefits', { status: 'pending' }, expect.anything());

    fireEvent.click(within(cumberland).getByRole('button', { name: 'Verify the FNS number of Cumberland Farm' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/admin/benefits/7/review', { approve: true, note: null });
    expect((await screen.findByText('Cumberland Farm’s FNS number is verified')).closest('[role="status"]')).toBeTruthy();
  });

  it('refuses a rejection without a note in the page, then sends it with the note', async () => {
    serve();
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Rejected' } as never);
    show();
    const bluegrass = await card('Bluegrass Acres');
    const reject = within(bluegrass).getByRole('button', { name: 'Reject the FNS number of Bluegrass Acres' });
    fireEvent.click(reject);

    const note = within(bluegrass).getByLabelText('Note to Bluegrass Acres');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(within(bluegrass).getByRole('alert').textContent).toBe('Say why the number is rejected: the farm reads this note');
    expect(post).not.toHaveBeenCalled();

    fireEvent.input(note, { target: { value: '  The number belongs to another store  ' } });
    fireEvent.click(reject);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/admin/benefits/8/review', {
      approve: false,
      note: 'The number belongs to another store',
    });
  });

  it('shows the server’s refusal on the farm’s card', async () => {
    serve();
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, 'This farm has no FNS number waiting for a check'));
    show();
    const cumberland = await card('Cumberland Farm');
    fireEvent.click(within(cumberland).getByRole('button', { name: 'Verify the FNS number of Cumberland Farm' }));
    expect((await within(cumberland).findByRole('alert')).textContent).toBe('This farm has no FNS number waiting for a check');
  });

  it('says so when no number waits for a check', async () => {
    serve();
    show();
    await card('Cumberland Farm');
    fireEvent.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByRole('heading', { name: 'No rejected FNS numbers' })).toBeTruthy();
  });
});
