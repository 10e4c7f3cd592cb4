import { defaultTimeZone } from '@farmstand/shared/schemas/pickup';
import type { Db } from '../db/client';
import { pickupPoints, pickupSchedules, pickupSettings } from '../db/schema';
import type { DemoFarm } from './farms';
import type { Random } from './random';

type Slot = { weekday: number; startTime: string; endTime: string };

const SATURDAY_MORNING: Slot = { weekday: 6, startTime: '09:00', endTime: '12:00' };
const WEDNESDAY_EVENING: Slot = { weekday: 3, startTime: '16:00', endTime: '18:30' };
const THURSDAY_AFTERNOON: Slot = { weekday: 4, startTime: '15:00', endTime: '19:00' };
const FRIDAY_EVENING: Slot = { weekday: 5, startTime: '16:00', endTime: '19:00' };

/**
 * Where the demo farms hand food over, so a visitor can reserve on the demo: every farm
 * has its stand with a weekly schedule; about a third also sell at their town's market (in Kentucky a
 * participating market of Kentucky Double Dollars); farms that
 * deliver have a delivery day. Orders close 24 hours ahead; the demo farm caps each window at 12.
 */
export async function insertDemoPickup(tx: Db, farms: DemoFarm[], farmUserIds: number[], random: Random): Promise<number> {
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
        },
        slots: [FRIDAY_EVENING],
      });
    }
    if (farm.deliveryAvailable) {
      offered.push({
        point: { producerUserId, kind: 'delivery', name: 'Home delivery', deliveryFee: 5, timeZone },
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
