import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const moderate = vi.hoisted(() => vi.fn());
const page = { page: 1, limit: 25, total: 1 };
vi.mock('../api', () => ({
  useAdminSettings: () => ({ data: undefined }),
  useAdminProducts: () => ({
    isPending: false,
    isError: false,
    data: {
      products: [
        {
          id: 12,
          name: 'Sorghum Syrup',
          category: 'preserved_foods',
          farm_name: 'Bluegrass Hollow',
          producer_user_id: 34,
          price: 9,
          price_unit: 'jar',
          availability: 'available',
          active: true,
          moderation_status: 'approved',
          created_at: '2026-11-01T12:00:00Z',
          label_ready: true,
          label_missing: [],
        },
      ],
      pagination: page,
    },
  }),
  useModerateProduct: () => ({ mutate: moderate, isPending: false }),
  useAdminLogs: () => ({
    isPending: false,
    isError: false,
    data: {
      logs: [
        {
          id: 1,
          admin_email: 'admin@x.test',
          action: 'remove_product',
          target_type: 'product',
          target_id: '12',
          created_at: '2026-11-01T12:00:00Z',
        },
      ],
      pagination: page,
    },
  }),
}));
vi.mock('./client-errors', () => ({ ClientErrors: () => null }));

import { LogsTab } from './logs-tab';
import { ProductsTab } from './products-tab';

vi.setConfig({ testTimeout: 60_000 });

describe('admin tables', () => {
  afterEach(() => {
    cleanup();
    moderate.mockReset();
  });

  it('link a product row to the product and its farm, and a log row to its product', () => {
    render(
      <MemoryRouter>
        <ProductsTab />
        <LogsTab />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Sorghum Syrup' }).getAttribute('href')).toBe('/product/12');
    expect(screen.getByRole('link', { name: 'Bluegrass Hollow' }).getAttribute('href')).toBe('/producer/34');
    expect(screen.getByRole('link', { name: '#12' }).getAttribute('href')).toBe('/product/12');
  });

  it('ask for the reason before removing a product, and send it', () => {
    render(
      <MemoryRouter>
        <ProductsTab />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(screen.getByText('Reason is required: tell the producer why the product is removed')).toBeTruthy();
    expect(moderate).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText(/Reason/), { target: { value: ' Mislabelled ' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(moderate.mock.calls[0][0]).toEqual({ id: 12, action: 'remove', reason: 'Mislabelled' });
  });
});
