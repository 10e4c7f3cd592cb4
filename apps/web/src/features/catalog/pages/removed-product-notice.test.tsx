import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({
  id: 12,
  producer_id: 3,
  producer_user_id: 34,
  name: 'Sorghum Syrup',
  category: 'preserved_foods',
  description: null,
  price: 9,
  price_unit: 'jar',
  availability: 'available',
  stock_quantity: null,
  weight_unit: null,
  pack_min: null,
  pack_max: null,
  price_from: false,
  variants: [],
  inspection: null,
  establishment_number: null,
  share: null,
  primary_image_url: null,
  additional_images: [],
  ingredients: null,
  allergens: [],
  seasonal_start: null,
  seasonal_end: null,
  moderation_status: 'removed',
  moderation_reason: 'The label claims organic without a certificate.',
  farm_name: 'Bluegrass Hollow',
}));
vi.mock('../api', () => ({ useProduct: () => ({ isPending: false, isError: false, error: null, data: { product } }) }));
vi.mock('@/lib/document-title', () => ({ useDocumentTitle: () => {} }));
vi.mock('@/lib/use-track-view', () => ({ useTrackView: () => {} }));
vi.mock('@/components/ui/deferred', () => ({ Deferred: () => null }));
vi.mock('../components/product-gallery', () => ({ ProductGallery: () => null }));
vi.mock('../components/producer-box', () => ({ ProducerBox: () => null }));

import ProductPage from './product-page';

vi.setConfig({ testTimeout: 60_000 });

describe('a removed product opened by its producer', () => {
  afterEach(cleanup);

  it('says an administrator removed it, and why', () => {
    render(
      <MemoryRouter initialEntries={['/product/12']}>
        <Routes>
          <Route
            path="/product/:id"
            element={
              <ProductPage
                reserve={() => null}
                favorite={() => null}
                contact={() => null}
                ask={() => null}
                pickup={() => null}
                reviews={() => null}
              />
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('An administrator removed this product');
    expect(note.textContent).toContain('Reason: The label claims organic without a certificate.');
  });
});
