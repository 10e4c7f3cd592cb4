import { type PlaceClosure, placeClosure } from '@farmstand/shared/format/place-calendar';
import type { pickupPoints, pickupSettings } from '../../db/schema';

export type PointRow = typeof pickupPoints.$inferSelect;
export type Settings = Omit<typeof pickupSettings.$inferSelect, 'producerUserId' | 'updatedAt'>;

/**
 * A pickup place's own rules over its farm's (decision 542), read in one place: the place's cut-off
 * and standing lead time where it has them, else the farm's; and the days it takes no pickups (its
 * closed dates and the days outside its season). Ordering, the windows offered to shoppers, the
 * standing sweep and CSA weeks all read a place through `ctx.reads.pickupPoint`, which applies
 * these, or through `upcomingWindows`, which does the same.
 */
export function placeSettings(point: Pick<PointRow, 'cutoffHours' | 'standingLeadHours'>, farm: Settings): Settings {
  return {
    ...farm,
    cutoffHours: point.cutoffHours ?? farm.cutoffHours,
    standingLeadHours: point.standingLeadHours ?? farm.standingLeadHours,
  };
}

/** Why the place takes no pickups on a local date, or null when it is open. */
export const closureOn = (point: Pick<PointRow, 'seasonFrom' | 'seasonTo' | 'closedDates'>, date: string): PlaceClosure | null =>
  placeClosure({ seasonFrom: point.seasonFrom, seasonTo: point.seasonTo, closedDates: point.closedDates ?? [] }, date);

/**
 * Which limit judges a product at a place and which orders it counts (decision 543): the place's
 * own day limit over that place's orders, or the product's over the orders of the places without
 * their own. `dayLimit` undefined: the product's own limit applies.
 */
export function dayScope(
  limits: Map<number, Map<number, number>>,
  productId: number,
  pointId: number,
): { dayLimit: number | undefined; scope: { pointId: number } | { exceptPointIds: number[] } } {
  const places = limits.get(productId) ?? new Map<number, number>();
  const own = places.get(pointId);
  return own === undefined
    ? { dayLimit: undefined, scope: { exceptPointIds: [...places.keys()] } }
    : { dayLimit: own, scope: { pointId } };
}
