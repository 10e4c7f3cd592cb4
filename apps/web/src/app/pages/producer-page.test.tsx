import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('@/lib/analytics', () => ({ track: () => {} }));

import ComposedProducerPage from './producer-page';

vi.setConfig({ testTimeout: 60_000 });

const profile = {
  id: 3,
  user_id: 7,
  farm_name: 'Bluegrass Acres',
  description: null,
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  phone: null,
  email: null,
  latitude: null,
  longitude: null,
  delivery_available: false,
  delivery_radius: null,
  pickup_instructions: null,
  profile_image_url: null,
  profile_complete: true,
  verified: false,
  certification_count: 0,
  // Nobody reviewed the farm itself…
  average_rating: null,
  review_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  certifications: [],
  products: [],
  benefit_takes: [],
  // …but its products have three reviews.
  product_reviews: { average_rating: 4 as number | null, review_count: 3 },
};

const productReview = (id: number, rating: number, product: [number, string]) => ({
  id,
  rating,
  title: `Review ${id}`,
  content: 'Fresh and tasty.',
  reviewer_email: 'a***@example.com',
  created_at: `2026-11-0${id}T12:00:00.000Z`,
  product_id: product[0],
  product_name: product[1],
});

/** The farm's API: its profile, no reviews of the farm, its products' reviews two at a time. */
function serve() {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string, query?: Record<string, unknown>) => {
    if (path === '/producers/7') return profile as never;
    if (path === '/reviews/producer/7') return { reviews: [], average_rating: null, review_count: 0 } as never;
    if (path === '/reviews/producer/7/products') {
      const all = [
        productReview(3, 5, [11, 'Brown Eggs']),
        productReview(2, 4, [12, 'Clover Honey']),
        productReview(1, 3, [11, 'Brown Eggs']),
      ];
      const offset = Number(query?.offset ?? 0);
      // The server's page is 10; two here so that 'Show more' has a next page to ask for.
      return { reviews: all.slice(offset, offset + 2), average_rating: 4, review_count: 3 } as never;
    }
    throw new Error(`not served in this test: ${path}`);
  });
}

function renderFarmPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/producer/7']}>
        <Routes>
          <Route path="/producer/:id" element={<ComposedProducerPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the farm page's reviews", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows its products' reviews with their average and count, never 'No reviews yet' while they have some", async () => {
    const get = serve();
    renderFarmPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Bluegrass Acres' })).toBeTruthy();
    expect(screen.queryByText(/^No reviews yet/)).toBeNull();
    expect(screen.getByRole('link', { name: '(3 reviews of its products)' }).getAttribute('href')).toBe('#farm-product-reviews');

    const section = (await screen.findByRole('heading', { name: "Reviews of this farm's products" })).closest('section');
    if (!section) throw new Error('no section');
    const list = within(section);
    expect(await list.findByText('Review 3')).toBeTruthy();
    expect(list.getByText('4.0 · 3 reviews')).toBeTruthy();
    expect(list.getByRole('link', { name: 'Clover Honey' }).getAttribute('href')).toBe('/product/12');
    expect(list.queryByText('Review 1')).toBeNull();

    fireEvent.click(list.getByRole('button', { name: 'Show more reviews (2 of 3 shown)' }));
    expect(await list.findByText('Review 1')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/reviews/producer/7/products', expect.objectContaining({ offset: 2 }), expect.anything());
    await waitFor(() => expect(list.queryByRole('button', { name: /Show more reviews/ })).toBeNull());
    expect(screen.getByText('No reviews of the farm itself yet.')).toBeTruthy();
  });

  it("says 'No reviews yet' when neither the farm nor its products have any", async () => {
    serve();
    profile.product_reviews = { average_rating: null, review_count: 0 };
    try {
      renderFarmPage();
      expect(await screen.findByText('No reviews yet')).toBeTruthy();
    } finally {
      profile.product_reviews = { average_rating: 4, review_count: 3 };
    }
  });
});
