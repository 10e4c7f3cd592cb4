import { toDollarsOrNull } from '@farmstand/shared/format/money';
import { closureText } from '@farmstand/shared/format/place-calendar';
import { formatOrderLine } from '@farmstand/shared/format/quantity';
import { cadenceLabel, STANDING_LIMITS, type Standing } from '@farmstand/shared/schemas/standing';
import type { PointWithSchedule, Settings } from '../pickup';
import { closureOn } from '../pickup';
import { heldOn, offFor, slotOf, timingOf, windowsAhead } from './standing.policy';
import type { StandingWithFarm, WindowRecord } from './standing.repository';

/** A line's product or variant: its name, price and, by weight, its unit and pack range. */
type Offer = {
  name: string;
  priceCents: number | null;
  priceUnit: string | null;
  weightUnit: 'lb' | 'oz' | null;
  packMin: number | null;
  packMax: number | null;
};
type Names = { products: Map<number, Offer>; variants: Map<number, Offer> };

/** What leaves the server about a standing reservation: its terms, lines and next windows with their state. */
export function presentStanding(
  row: StandingWithFarm,
  context: { place: { point: PointWithSchedule; settings: Settings } | null; records: WindowRecord[]; names: Names; now: Date },
): Standing {
  const { place, records, names, now } = context;
  const slot = place ? slotOf(place.point.schedule, row) : undefined;
  const zone = place?.point.timeZone ?? 'America/New_York';
  // By the week's local date at the place, as the sweep matches a week.
  const byDate = new Map(records.filter((r) => r.standingId === row.id).map((r) => [r.date, r]));
  const upcoming =
    place && slot && row.status === 'active'
      ? windowsAhead(row, slot, zone, now, 7 * row.everyWeeks * STANDING_LIMITS.upcomingWindows + 7)
          .slice(0, STANDING_LIMITS.upcomingWindows)
          .map((window) => {
            const timing = timingOf(window.startsAt, place.settings);
            const record = byDate.get(window.date);
            // The place's closed dates and the days outside its season take no pickups (decision 542).
            const closure = closureOn(place.point, window.date);
            return {
              starts_at: window.startsAt.toISOString(),
              ends_at: window.endsAt.toISOString(),
              cutoff_at: timing.cutoffAt.toISOString(),
              places_at: timing.placesAt.toISOString(),
              date: window.date,
              // A closed day is "no pickup that week" (nothing to take back), unless its order was placed before the farm closed it.
              state:
                closure && record?.state !== 'placed'
                  ? ('off' as const)
                  : (record?.state ??
                    (offFor(row.plan, window.date) ? ('off' as const) : heldOn(row, window.date)) ??
                    ('upcoming' as const)),
              order_id: record?.orderId ?? null,
              reason: record?.reason ?? (closure ? closureText(place.point.name, closure, window.date) : null),
            };
          })
      : [];
  const warning =
    row.status !== 'active'
      ? null
      : !place
        ? `${row.pointName} is no longer one of the farm’s pickup places, so no orders are placed. Cancel this and make a new one.`
        : !slot
          ? `This weekly time is no longer on ${place.point.name}’s schedule, so no orders are placed. Cancel this and make a new one.`
          : null;
  return {
    id: row.id,
    status: row.status,
    producer: { user_id: row.producerUserId, farm_name: row.farmName },
    shopper: { id: row.customerId, name: row.shopperName, phone: row.shopperPhone },
    place: { point_id: row.pointId, name: place?.point.name ?? row.pointName, time_zone: zone },
    weekday: row.weekday,
    start: row.startTime,
    every_weeks: row.everyWeeks,
    cadence: cadenceLabel(row.everyWeeks),
    start_date: row.startDate,
    end_date: row.endDate,
    paused_until: row.pausedUntil,
    away_from: row.awayFrom,
    away_to: row.awayTo,
    end_reason: row.endReason,
    note: row.note,
    planned_benefits: row.plannedBenefits,
    items: row.items.map((line) => {
      const { product, variant, offer } = lineOffer(names, line);
      return {
        product_id: line.productId,
        variant_id: line.variantId,
        name: product?.name ?? 'Removed product',
        variant_name: variant?.name ?? null,
        quantity: line.quantity,
        unit_price: toDollarsOrNull(offer?.priceCents ?? null),
        price_unit: offer?.priceUnit ?? null,
        weight_unit: offer?.weightUnit ?? null,
        pack_min: offer?.weightUnit && offer.packMin !== null ? Number(offer.packMin) : null,
        pack_max: offer?.weightUnit && offer.packMax !== null ? Number(offer.packMax) : null,
      };
    }),
    plan:
      row.plan && row.planSize !== null
        ? {
            id: row.plan.id,
            name: row.plan.name,
            size: row.plan.sizes[row.planSize]?.name ?? '',
            size_index: row.planSize,
            price: row.plan.sizes[row.planSize]?.price ?? 0,
            dislikes: row.dislikes,
          }
        : null,
    upcoming,
    warning,
    created_at: row.createdAt.toISOString(),
  };
}

/** A stored line's product, its variant and what is sold (the variant, or the product), read among the farm's own. */
function lineOffer(names: Names, line: { productId: number; variantId: number | null }) {
  const product = names.products.get(line.productId);
  const variant = line.variantId === null ? undefined : names.variants.get(line.variantId);
  return { product, variant, offer: variant ?? product };
}

/** A stored line in the one line wording of mails and cards (decision 544): "2 packs × 1.5–2.5 lb (3–5 lb) Tomatoes". */
export function standingLineText(names: Names, line: { productId: number; variantId: number | null; quantity: number }): string {
  const { product, variant, offer } = lineOffer(names, line);
  const byWeight = offer?.weightUnit ?? null;
  return formatOrderLine({
    quantity: line.quantity,
    name: product?.name ?? 'A product',
    variantName: variant?.name ?? null,
    priceUnit: offer?.priceUnit ?? null,
    weightUnit: byWeight,
    packMin: byWeight ? (offer?.packMin ?? null) : null,
    packMax: byWeight ? (offer?.packMax ?? null) : null,
  });
}
