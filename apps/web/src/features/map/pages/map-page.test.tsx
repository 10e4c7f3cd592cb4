import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import type { MapViewport } from '../types';

const map = vi.hoisted(() => ({ report: null as ((viewport: MapViewport) => void) | null }));
vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));
// The map itself (Leaflet) is not drawn here: the test moves the viewport as a pan would.
vi.mock('../components/deferred-producers-map', () => ({
  DeferredProducersMap: ({ onViewportChange }: { onViewportChange: (viewport: MapViewport) => void }) => {
    map.report = onViewportChange;
    return null;
  },
}));

import MapPage from './map-page';

/** The server's answers: 8 producers match the filters; a viewport holds as many as its bbox says. */
const IN_VIEW: Record<string, number> = { '-85,37,-84,38': 3, '-86,36,-83,39': 15 };
const get = vi.spyOn(api, 'get').mockImplementation(async (_path, query) => {
  const params = (query ?? {}) as Record<string, unknown>;
  const total = typeof params.bbox === 'string' ? (IN_VIEW[params.bbox] ?? 0) : 8;
  return { producers: [], clusters: [], total } as never;
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MapPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

vi.setConfig({ testTimeout: 60_000 });

describe('the map screen', () => {
  const getCurrentPosition = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    get.mockClear();
    getCurrentPosition.mockReset();
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  });
  afterEach(cleanup);

  it('counts what the filters return, not what the viewport holds, so panning keeps the count', async () => {
    show();
    act(() => map.report?.({ bbox: '-85,37,-84,38', zoom: 10 }));
    await waitFor(() => expect(screen.getByText(/^Showing/).textContent).toBe('Showing 8 producers'));
    // Opening a popup pans the map to a wider view.
    act(() => map.report?.({ bbox: '-86,36,-83,39', zoom: 9 }));
    await waitFor(() =>
      expect(get.mock.calls.some(([, query]) => (query as { bbox?: string }).bbox === '-86,36,-83,39')).toBe(true),
    );
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 8 producers');
  });

  it('asks for the browser’s position only when “Use my location” is pressed', async () => {
    show();
    act(() => map.report?.({ bbox: '-85,37,-84,38', zoom: 10 }));
    await screen.findByText('Showing 8 producers');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('takes a place in its location box and suggests no products or farms', () => {
    show();
    const box = screen.getByRole('searchbox', { name: 'Search location' });
    fireEvent.change(box, { target: { value: 'honey' } });
    expect(screen.queryByRole('combobox', { name: 'Search location' })).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(get.mock.calls.some(([path]) => path === '/search/suggestions')).toBe(false);
  });
});
