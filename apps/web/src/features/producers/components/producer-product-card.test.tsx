import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Take } from '@/components/ui/card-benefit-badges';
import { api } from '@/lib/api';
import { productFixture } from '@/lib/product.fixture';
import { ProducerProductCard } from './producer-product-card';

vi.spyOn(api, 'get').mockImplementation(async () => DEFAULT_BENEFIT_TABLE as never);
vi.setConfig({ testTimeout: 60_000 });

const show = (product: ReturnType<typeof productFixture>, takes: Take[]) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProducerProductCard product={product} benefitTakes={takes} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a product card on the farm page', () => {
  afterEach(cleanup);

  it('shows the benefits the farm takes today that can pay for the product, from where it was grown', () => {
    show(productFixture({ name: 'Heirloom Tomatoes', category: 'produce' }), ['snap', 'senior_fmnp']);
    expect(screen.getByText('Can be paid with SNAP')).toBeTruthy();
    expect(screen.getByText('Can be paid with Senior FMNP coupons')).toBeTruthy();
    cleanup();
    show(productFixture({ name: 'Ohio Tomatoes', category: 'produce', origin_state: 'OH' }), ['snap', 'senior_fmnp']);
    expect(screen.getByText('Can be paid with SNAP')).toBeTruthy();
    expect(screen.queryByText('Senior')).toBeNull();
  });
});
