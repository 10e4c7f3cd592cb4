import type { Standing, StandingWindow } from '@farmstand/shared/schemas/standing';

/** A Saturday 9:00–12:00 market in Lexington (Eastern): orders close Friday 9:00, placed Thursday 9:00. */
export const saturday = (date: string, state: StandingWindow['state'], extra: Partial<StandingWindow> = {}): StandingWindow => {
  const [, , d] = date.split('-').map(Number);
  const at = (day: number, hour: number) => `2099-06-${String(day).padStart(2, '0')}T${hour}:00:00.000Z`;
  return {
    starts_at: at(d, 13),
    ends_at: at(d, 16),
    cutoff_at: at(d - 1, 13),
    places_at: at(d - 2, 13),
    date,
    state,
    order_id: null,
    reason: null,
    ...extra,
  };
};

export const standingFixture = (overrides: Partial<Standing> = {}): Standing => ({
  id: 5,
  status: 'active',
  producer: { user_id: 7, farm_name: 'Cumberland Farm' },
  shopper: { id: 1, name: 'Dana', phone: null },
  place: { point_id: 3, name: 'Lexington Farmers Market', time_zone: 'America/New_York' },
  weekday: 6,
  start: '09:00',
  every_weeks: 1,
  cadence: 'Every week',
  start_date: '2099-06-06',
  end_date: '2099-09-26',
  paused_until: null,
  away_from: null,
  away_to: null,
  end_reason: null,
  planned_benefits: [],
  note: null,
  items: [
    {
      product_id: 11,
      variant_id: null,
      name: 'Brown Eggs',
      variant_name: null,
      quantity: 2,
      unit_price: 6,
      price_unit: 'dozen',
      weight_unit: null,
      pack_min: null,
      pack_max: null,
    },
    {
      product_id: 12,
      variant_id: 4,
      name: 'Honey',
      variant_name: '1 lb jar',
      quantity: 1,
      unit_price: 12,
      price_unit: null,
      weight_unit: null,
      pack_min: null,
      pack_max: null,
    },
  ],
  plan: null,
  upcoming: [
    saturday('2099-06-06', 'placed', { order_id: 81 }),
    saturday('2099-06-13', 'skipped'),
    saturday('2099-06-20', 'upcoming'),
    saturday('2099-06-27', 'missed', { reason: 'Brown Eggs: sold out' }),
  ],
  warning: null,
  created_at: '2099-06-01T12:00:00.000Z',
  ...overrides,
});
