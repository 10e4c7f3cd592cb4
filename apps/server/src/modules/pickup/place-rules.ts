import { type PlaceClosure, placeClosure } from '@farmstand/shared/format/place-calendar';
import type { PointRow, Settings } from './pickup.repository';

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
