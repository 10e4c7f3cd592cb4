import { addDaysToDate, weekdayOf } from '@farmstand/shared/format/date-only';
import { inPlaceSeason } from '@farmstand/shared/format/place-calendar';
import { defaultTimeZone } from '@farmstand/shared/schemas/pickup';
import type { Db } from '../db/client';
import { pickupPoints, pickupSchedules, pickupSettings } from '../db/schema';
import { localDate } from '../lib/time';
import type { DemoFarm } from './farms';
import type { Random } from './random';

type Slot = { weekday: number; startTime: string; endTime: string };

const SATURDAY_MORNING: Slot = { weekday: 6, startTime: '09:00', endTime: '12:00' };
const WEDNESDAY_EVENING: Slot = { weekday: 3, startTime: '16:00', endTime: '18:30' };
const THURSDAY_AFTERNOON: Slot = { weekday: 4, startTime: '15:00', endTime: '19:00' };
const FRIDAY_EVENING: Slot = { weekday: 5, startTime: '16:00', endTime: '19:00' };
const SATURDAY_LATE_MORNING: Slot = { weekday: 6, startTime: '10:00', endTime: '13:00' };

/** The demo farm's two markets each keep a season (decision 542): the summer market outdoors, the winter one indoors. */
const SUMMER_SEASON = { seasonFrom: '04-01', seasonTo: '10-31' };
const WINTER_SEASON = { seasonFrom: '11-01', seasonTo: '03-31' };

/**
 * A market's closed date for the demo: its second market day from today inside its season, so the
 * open market shows a gap among its next pickup times and the other its first weeks.
 */
function secondMarketDay(now: Date, timeZone: string, weekday: number, season: typeof SUMMER_SEASON): string {
  const today = localDate(now, timeZone);
  const days: string[] = [];
  for (let i = 1; days.length < 2 && i <= 400; i++) {
    const date = addDaysToDate(today, i);
    if (weekdayOf(date) === weekday && inPlaceSeason(season, date)) days.push(date);
  }
  return days[1];
}

/**
 * Where the demo farms hand food over, so a visitor can reserve on the demo: every farm
 * has its stand with a weekly schedule; about a third also sell at their town's market (in Kentucky a
 * participating market of Kentucky Double Dollars); farms that
 * deliver have a delivery day. Orders close 24 hours ahead; the demo farm caps each window at 12.
 * The demo farm's town market is a summer market (April 1 to October 31, Friday evenings) with a
 * winter market indoors (November 1 to March 31, Saturday late mornings); each has a closed date
 * among its next market days, so whichever is in season shows the calendar (decision 542).
 */
export async function insertDemoPickup(
  tx: Db,
  farms: DemoFarm[],
  farmUserIds: number[],
  random: Random,
  now: Date,
): Promise<number> {
  let points = 0;
  for (const [i, farm] of farms.entries()) {
    const producerUserId = farmUserIds[i];
    // Each place on its own clock: the demo's western Kentucky and Middle Tennessee farms are Central.
    const timeZone = defaultTimeZone(farm.state, farm.zip);
    const place = { city: farm.city, state: farm.state, zip: farm.zip, timeZone };
    const offered: { point: typeof pickupPoints.$inferInsert; slots: Slot[] }[] = [
      {
        point: {
          producerUserId,
          kind: 'farm',
          name: `${farm.farmName} stand`,
          address: farm.address,
          ...place,
          latitude: farm.latitude,
          longitude: farm.longitude,
        },
        slots: i === 0 || random.chance(0.5) ? [SATURDAY_MORNING, WEDNESDAY_EVENING] : [SATURDAY_MORNING],
      },
    ];
    if (i === 0 || random.chance(0.33)) {
      offered.push({
        point: {
          producerUserId,
          kind: 'market',
          name: `${farm.city} Farmers Market`,
          address: 'Courthouse Square',
          booth: `Stall ${1 + (i % 24)}`,
          ...place,
          // A Kentucky town's market is a participating market of Kentucky Double Dollars (decision
          // 540): the match is offered at its pickups and filed under it (Berea, Bowling Green…).
          incentiveMarket: farm.state === 'KY' ? `${farm.city} Farmers Market` : null,
          ...(i === 0
            ? {
                ...SUMMER_SEASON,
                closedDates: [secondMarketDay(now, timeZone, FRIDAY_EVENING.weekday, SUMMER_SEASON)],
              }
            : {}),
        },
        slots: [FRIDAY_EVENING],
      });
    }
    if (i === 0) {
      offered.push({
        point: {
          producerUserId,
          kind: 'market',
          name: `${farm.city} Winter Market`,
          address: 'Community center, 1 Main Street',
          booth: 'Table 4',
          ...place,
          // The same market's winter session indoors: its Double Dollars are the town market's.
          incentiveMarket: farm.state === 'KY' ? `${farm.city} Farmers Market` : null,
          ...WINTER_SEASON,
          closedDates: [secondMarketDay(now, timeZone, SATURDAY_LATE_MORNING.weekday, WINTER_SEASON)],
        },
        slots: [SATURDAY_LATE_MORNING],
      });
    }
    if (farm.deliveryAvailable) {
      offered.push({
        point: { producerUserId, kind: 'delivery', name: 'Home delivery', deliveryFeeCents: 500, timeZone },
        slots: [THURSDAY_AFTERNOON],
      });
    }
    const rows = await tx
      .insert(pickupPoints)
      .values(offered.map((o) => o.point))
      .returning({ id: pickupPoints.id });
    await tx
      .insert(pickupSchedules)
      .values(rows.flatMap((row, j) => offered[j].slots.map((slot) => ({ pointId: row.id, ...slot }))));
    await tx.insert(pickupSettings).values({ producerUserId, cutoffHours: 24, capPerWindow: i === 0 ? 12 : null });
    points += rows.length;
  }
  return points;
}
