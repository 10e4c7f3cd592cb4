import type { Order } from '@farmstand/shared/schemas/orders';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderItemFixture, pickLineFixture, testOrder } from '@/lib/order.fixture';
import { DaySheet, PickList } from './pick-list';

const order = (id: number, name: string, extra: Partial<Order> = {}): Order =>
  testOrder({
    id,
    status: 'ready',
    shopper: { id: 100 + id, name, phone: '(615) 555-0100', email: null },
    booth: 'Stall 14',
    items: [
      orderItemFixture({ product_id: 1, name: 'Brown Eggs', price_unit: '18 count', unit_price: 7, quantity: 2, line_total: 14 }),
    ],
    subtotal: 14,
    total: 14,
    total_min: 14,
    total_max: 14,
    ...extra,
  });

describe('pick list and day sheet', () => {
  afterEach(cleanup);

  it('reads quantities with their units: "2 × 18-count", "3 lb"', () => {
    render(
      <PickList
        printTarget={false}
        data={{
          date: '2030-06-08',
          farm_name: 'Cumberland Farm',
          windows: [
            {
              point_name: 'Nashville Farmers Market',
              kind: 'market',
              starts_at: '2030-06-08T14:00:00.000Z',
              ends_at: '2030-06-08T17:00:00.000Z',
              time_zone: 'America/Chicago',
              order_count: 2,
              lines: [
                pickLineFixture({ product_id: 1, name: 'Brown Eggs', price_unit: '18 count', quantity: 2 }),
                pickLineFixture({ product_id: 2, name: 'Tomatoes', price_unit: 'lb', quantity: 3 }),
                pickLineFixture({ product_id: 3, name: 'Sourdough', price_unit: 'each', quantity: 4 }),
              ],
            },
          ],
        }}
      />,
    );
    expect(screen.getAllByTestId('pick-quantity').map((cell) => cell.textContent)).toEqual(['2 × 18-count', '3 lb', '4']);
    expect(screen.getByText(/9:00 AM – 12:00 PM/)).toBeTruthy();
  });

  it('gives each order its note, delivery address, status and amount to collect', () => {
    render(
      <DaySheet
        date="2030-06-08"
        farmName="Cumberland Farm"
        printTarget={false}
        orders={[
          order(11, 'Dana', { note: 'Bring a cooler', total: 19.5 }),
          order(12, 'Eli', { status: 'picked_up', fulfilment: 'delivery', delivery_address: '12 Elm St, Nashville, TN' }),
        ]}
      />,
    );
    const [dana, eli] = screen.getAllByRole('row').slice(1);
    expect(within(dana).getByText('Dana')).toBeTruthy();
    expect(dana.textContent).toContain('2 × 18-count Brown Eggs');
    expect(dana.textContent).toContain('Bring a cooler');
    expect(dana.textContent).toContain('Ready for pickup');
    expect(dana.textContent).toContain('$19.50');
    expect(eli.textContent).toContain('12 Elm St, Nashville, TN');
    expect(eli.textContent).toContain('Picked up');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Picked up✓',
      'Shopper',
      'Items',
      'Note',
      'Delivery address',
      'Status',
      'To collect',
    ]);
    expect(screen.getByText(/Nashville Farmers Market, Stall 14/)).toBeTruthy();
  });

  it('says how many orders of a window are standing, and how much of each line they ask for', () => {
    const window = {
      point_name: 'Nashville Farmers Market',
      kind: 'market' as const,
      starts_at: '2030-06-08T14:00:00.000Z',
      ends_at: '2030-06-08T17:00:00.000Z',
      time_zone: 'America/Chicago',
      order_count: 3,
      lines: [
        pickLineFixture({ product_id: 1, name: 'Brown Eggs', price_unit: '18 count', quantity: 5 }),
        pickLineFixture({ product_id: 2, name: 'Tomatoes', price_unit: 'lb', quantity: 3 }),
      ],
    };
    const eggs = (quantity: number) =>
      orderItemFixture({
        product_id: 1,
        name: 'Brown Eggs',
        price_unit: '18 count',
        unit_price: 7,
        quantity,
        line_total: 7 * quantity,
      });
    render(
      <PickList
        printTarget={false}
        data={{ date: '2030-06-08', farm_name: 'Cumberland Farm', windows: [window] }}
        orders={[
          order(11, 'Dana', { standing_id: 4, items: [eggs(2)] }),
          order(12, 'Eli', { standing_id: 5, status: 'accepted', items: [eggs(1)] }),
          order(13, 'Fay', { items: [eggs(2)] }),
          // Not on the pick list: a request not accepted yet.
          order(14, 'Gus', { standing_id: 6, status: 'requested', items: [eggs(9)] }),
        ]}
      />,
    );
    expect(screen.getByText(/3 orders, 2 standing/)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Product',
      'Total quantity',
      'From standing orders',
    ]);
    expect(screen.getAllByTestId('pick-standing').map((cell) => cell.textContent)).toEqual(['3 × 18-count', '0']);
  });

  it('adds no standing column to a window without standing orders', () => {
    render(
      <PickList
        printTarget={false}
        data={{
          date: '2030-06-08',
          farm_name: 'Cumberland Farm',
          windows: [
            {
              point_name: 'Nashville Farmers Market',
              kind: 'market',
              starts_at: '2030-06-08T14:00:00.000Z',
              ends_at: '2030-06-08T17:00:00.000Z',
              time_zone: 'America/Chicago',
              order_count: 1,
              lines: [pickLineFixture({ product_id: 1, name: 'Brown Eggs', price_unit: '18 count', quantity: 2 })],
            },
          ],
        }}
        orders={[order(11, 'Dana')]}
      />,
    );
    expect(screen.queryByText(/standing/i)).toBeNull();
    expect(screen.queryByTestId('pick-standing')).toBeNull();
  });

  it('marks a standing order on the day sheet next to its shopper', () => {
    render(
      <DaySheet
        date="2030-06-08"
        farmName="Cumberland Farm"
        printTarget={false}
        orders={[order(11, 'Dana', { standing_id: 4 }), order(12, 'Eli')]}
      />,
    );
    const [dana, eli] = screen.getAllByRole('row').slice(1);
    expect(within(dana).getByText('Standing')).toBeTruthy();
    expect(within(eli).queryByText('Standing')).toBeNull();
  });

  it('says beside the amount to collect which benefits a shopper plans to pay with', () => {
    render(
      <DaySheet
        date="2030-06-08"
        farmName="Cumberland Farm"
        printTarget={false}
        orders={[order(11, 'Dana', { planned_benefits: ['snap', 'senior_fmnp'] }), order(12, 'Eli')]}
      />,
    );
    const [dana, eli] = screen.getAllByRole('row').slice(1);
    expect(within(dana).getByTestId('day-sheet-benefits').textContent).toBe('Plans to pay with SNAP/EBT and Senior FMNP coupons');
    expect(within(eli).queryByTestId('day-sheet-benefits')).toBeNull();
  });

  it('writes the day sheet lines in the one wording: by-weight packs with their range and total, weighed ones with their weights', () => {
    const beef = { product_id: 2, name: 'Grass-fed beef', variant_name: 'Ribeye, pair', price_unit: 'lb', unit_price: 18.99 };
    const weighing = { weight_unit: 'lb' as const, pack_min: 1.3, pack_max: 1.6 };
    render(
      <DaySheet
        date="2030-06-08"
        farmName="Cumberland Farm"
        printTarget={false}
        orders={[
          order(11, 'Dana', { items: [orderItemFixture({ ...beef, ...weighing, quantity: 2, line_total: 55.08 })] }),
          order(12, 'Eli', {
            items: [
              orderItemFixture({ ...beef, ...weighing, quantity: 2, line_total: 55.64, weights: [1.42, 1.51] }),
              orderItemFixture({ product_id: 1, name: 'Honey', price_unit: null, unit_price: 9, quantity: 1, line_total: 9 }),
            ],
          }),
        ]}
      />,
    );
    const [dana, eli] = screen.getAllByRole('row').slice(1);
    expect(dana.textContent).toContain('2 packs × 1.3–1.6 lb (2.6–3.2 lb) Grass-fed beef (Ribeye, pair)');
    expect(dana.textContent).not.toMatch(/Items: 2 lb/);
    expect(eli.textContent).toContain('2 packs weighed 1.42, 1.51 lb (2.93 lb) Grass-fed beef (Ribeye, pair), 1 × Honey');
  });
});
