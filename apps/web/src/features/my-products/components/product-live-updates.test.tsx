import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_PRODUCTS_KEY } from '@/lib/queries';
import { ProductLiveUpdates } from './product-live-updates';

const handlers = new Map<string, (payload: never) => void>();
vi.mock('@/shared/realtime/socket-provider', () => ({
  useSocketEvent: (event: string, handler: (payload: never) => void) => handlers.set(event, handler),
}));

const emit = (event: string, payload: unknown) => handlers.get(event)?.(payload as never);

function renderWithQueries() {
  const client = new QueryClient();
  client.setQueryData(MY_PRODUCTS_KEY, { products: [] });
  client.setQueryData(['products', 12], { product: { id: 12 } });
  client.setQueryData(['products', 13], { product: { id: 13 } });
  render(
    <QueryClientProvider client={client}>
      <ProductLiveUpdates />
    </QueryClientProvider>,
  );
  return (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
}

describe("the producer's products, live", () => {
  afterEach(cleanup);

  it('refresh the product list and that product when the removal notification arrives', () => {
    const isStale = renderWithQueries();
    emit('notification', {
      message: 'An administrator removed Sorghum Syrup from the marketplace. Reason: mislabelled',
      productId: 12,
    });
    expect(isStale(MY_PRODUCTS_KEY)).toBe(true);
    expect(isStale(['products', 12])).toBe(true);
    expect(isStale(['products', 13])).toBe(false);
  });

  it('leave the products alone for a notification about something else', () => {
    const isStale = renderWithQueries();
    emit('notification', { message: 'Your review was approved' });
    expect(isStale(MY_PRODUCTS_KEY)).toBe(false);
  });
});
