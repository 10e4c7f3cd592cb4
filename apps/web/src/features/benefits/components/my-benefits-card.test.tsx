import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { MyBenefitsCard } from './my-benefits-card';

vi.setConfig({ testTimeout: 60_000 });
// First renders are slow on a loaded machine: wait for states longer than the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

const serve = (uses: string[] | 'failing') =>
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path !== '/benefits/me') throw new Error(`unexpected GET ${path}`);
    if (uses === 'failing') throw new ApiError(500, 'Something went wrong on our side. Please try again in a moment.');
    return { uses } as never;
  });

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MyBenefitsCard />
    </QueryClientProvider>,
  );

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the shopper’s “Benefits you use” card', () => {
  it('shows what was saved, says only the shopper sees it, and saves a new choice to /benefits/me only', async () => {
    serve(['snap']);
    const put = vi
      .spyOn(api, 'put')
      .mockResolvedValue({ uses: ['snap', 'senior_fmnp'], message: 'Your benefits are saved. Only you see them.' } as never);
    const post = vi.spyOn(api, 'post');
    show();

    expect(await screen.findByRole('heading', { level: 2, name: 'Benefits you use' })).toBeTruthy();
    expect(screen.getByText('Only you see this. Farms never do.')).toBeTruthy();
    await waitFor(() => expect(box('SNAP/EBT').checked).toBe(true));
    expect(box('WIC FMNP coupons').checked).toBe(false);
    expect(box('Senior FMNP coupons').checked).toBe(false);

    fireEvent.change(box('Senior FMNP coupons'), { target: { checked: true } });
    await waitFor(() => expect(box('Senior FMNP coupons').checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/benefits/me', { uses: ['snap', 'senior_fmnp'] });
    expect((await screen.findByRole('status')).textContent).toBe('Your benefits are saved. Only you see them.');
    expect(post).not.toHaveBeenCalled();
  });

  it('forgets them: the server deletes them and every box is cleared', async () => {
    serve(['snap', 'wic_fmnp']);
    const del = vi.spyOn(api, 'delete').mockResolvedValue({ message: 'Your saved benefits are forgotten' } as never);
    show();
    await waitFor(() => expect(box('WIC FMNP coupons').checked).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Forget my benefits' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/benefits/me'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your saved benefits are forgotten'));
    for (const name of ['SNAP/EBT', 'WIC FMNP coupons', 'Senior FMNP coupons']) expect(box(name).checked).toBe(false);
  });

  it('shows the server’s message when saving is refused, and a sentence of its own when loading fails', async () => {
    serve([]);
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, 'Choose each benefit once (uses)'));
    show();
    await waitFor(() => expect(box('SNAP/EBT').checked).toBe(false));
    fireEvent.change(box('SNAP/EBT'), { target: { checked: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose each benefit once (uses)');

    cleanup();
    vi.restoreAllMocks();
    serve('failing');
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the benefits you saved; refresh the page to try again',
    );
  });
});
