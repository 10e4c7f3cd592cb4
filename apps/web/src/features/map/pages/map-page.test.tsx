import { STORAGE_KEYS } from '@farmstand/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import type { MapMarket, MapViewport } from '../types';

const map = vi.hoisted(() => ({ report: null as ((viewport: MapViewport) => void) | null, markets: [] as MapMarket[] }));
vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));
// The map itself (Leaflet) is not drawn here: the test moves the viewport as a pan would.
vi.mock('../components/deferred-producers-map', () => ({
  DeferredProducersMap: ({
    onViewportChange,
    markets,
  }: {
    onViewportChange: (viewport: MapViewport) => void;
    markets: MapMarket[];
  }) => {
    map.report = onViewportChange;
    map.markets = markets;
    return null;
  },
}));

import MapPage from './map-page';

/** The server's answers: 8 producers match the filters; a viewport holds as many as its bbox says. */
const IN_VIEW: Record<string, number> = { '-85,37,-84,38': 3, '-86,36,-83,39': 15 };
const MARKET = {
  slug: 'lexington-farmers-market',
  name: 'Lexington Farmers Market',
  city: 'Lexington',
  state: 'KY',
  latitude: 38.04,
  longitude: -84.5,
  daysText: ['Saturdays 7 AM–12 PM'],
  nextDate: '2026-12-12',
  vendorCount: 2,
};
const get = vi.spyOn(api, 'get').mockImplementation(async (path, query) => {
  // One market with a place and one without (it cannot be pinned).
  if (path === '/markets') return { markets: [MARKET, { ...MARKET, slug: 'nowhere', latitude: null, longitude: null }] } as never;
  const params = (query ?? {}) as Record<string, unknown>;
  const total = typeof params.bbox === 'string' ? (IN_VIEW[params.bbox] ?? 0) : 8;
  return { producers: [], clusters: [], total } as never;
});

/** The page's address as the browser would show it (its query string). */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const show = (url = '/map') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <MapPage />
        <Address />
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
      expect(get.mock.calls.some(([, query]) => (query as { bbox?: string } | undefined)?.bbox === '-86,36,-83,39')).toBe(true),
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

  it('shows only the farms taking the benefit chosen, in the count and the view, kept in the URL', async () => {
    show('/map?benefits=incentive');
    act(() => map.report?.({ bbox: '-85,37,-84,38', zoom: 10 }));
    await screen.findByText('Showing 8 producers');
    const select = screen.getByRole('combobox', { name: 'Benefits the farm takes at pickup' }) as HTMLSelectElement;
    expect(select.value).toBe('incentive');
    const asked = (benefits: string) =>
      get.mock.calls
        .filter(([, query]) => (query as { benefits?: string } | undefined)?.benefits === benefits)
        .map(([, query]) => query);
    // The count and the viewport both ask for the farms taking it.
    expect(asked('incentive')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ view: 'map', limit: 1 }),
        expect.objectContaining({ bbox: '-85,37,-84,38', zoom: 10 }),
      ]),
    );
    fireEvent.change(select, { target: { value: 'snap' } });
    await waitFor(() => expect(asked('snap')).toHaveLength(2));
    expect(screen.getByTestId('address').textContent).toBe('?benefits=snap');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('takes a place in its location box and suggests no products or farms', () => {
    show();
    const box = screen.getByRole('searchbox', { name: 'Search location' });
    fireEvent.change(box, { target: { value: 'honey' } });
    expect(screen.queryByRole('combobox', { name: 'Search location' })).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(get.mock.calls.some(([path]) => path === '/search/suggestions')).toBe(false);
  });

  it('says "Within:" waits for a place: disabled with a reason until the location is known', async () => {
    show();
    const within = screen.getByLabelText('Within:') as HTMLSelectElement;
    expect(within.disabled).toBe(true);
    expect(document.getElementById(within.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Search a place or use your location to limit the distance.',
    );
    cleanup();
    localStorage.setItem(
      STORAGE_KEYS.userLocation,
      JSON.stringify({ latitude: 37.57, longitude: -84.3, address: 'Berea, KY', type: 'address' }),
    );
    show();
    expect((screen.getByLabelText('Within:') as HTMLSelectElement).disabled).toBe(false);
    expect(screen.queryByText('Search a place or use your location to limit the distance.')).toBeNull();
  });

  it('folds its panel behind "Filters (N set)", keeping the place search open', () => {
    show('/map?benefits=snap');
    const fold = screen.getByRole('button', { name: 'Filters (1 set)' });
    const filters = document.getElementById(fold.getAttribute('aria-controls') as string) as HTMLElement;
    // jsdom has no wide screen: the panel starts folded, as on a phone.
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(filters.className).toMatch(/(^| )hidden( |$)/);
    expect(filters.contains(screen.getByLabelText('Verified producers only'))).toBe(true);
    expect(filters.contains(screen.getByRole('searchbox', { name: 'Search location' }))).toBe(false);
    fireEvent.click(fold);
    expect(filters.className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.click(screen.getByLabelText('Verified producers only'));
    expect(screen.getByRole('button', { name: 'Filters (2 set)' })).toBe(fold);
  });

  it('pins the farmers markets that have a place as their own layer, which the legend’s checkbox hides', async () => {
    show();
    act(() => map.report?.({ bbox: '-85,37,-84,38', zoom: 10 }));
    await waitFor(() => expect(map.markets.map((market) => market.slug)).toEqual(['lexington-farmers-market']));
    expect(map.markets[0]).toMatchObject({ lat: 38.04, lng: -84.5, name: 'Lexington Farmers Market' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Farmers markets' }));
    await waitFor(() => expect(map.markets).toEqual([]));
  });
});
