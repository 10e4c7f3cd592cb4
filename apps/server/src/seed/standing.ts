import { addDaysToDate, weekdayOf } from '@farmstand/shared/format/date-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { csaBoxes, csaPlans, pickupPoints, products, standingOrders } from '../db/schema';
import { localDate } from '../lib/time';

/**
 * The demo farm's standing reservations and CSA plan (decisions 514, 515): a demo shopper picks up
 * eggs and bread every week at its stand, and a weekly vegetable share (small and large box, Saturdays at the
 * stand, 12 members at most) has two members and this week's box. The sweep places their orders.
 */
export async function insertDemoStanding(tx: Db, farm: { userId: number; producerId: number }, shopperIds: number[], now: Date) {
  const [stand] = await tx
    .select({ id: pickupPoints.id, name: pickupPoints.name, timeZone: pickupPoints.timeZone })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.producerUserId, farm.userId), eq(pickupPoints.kind, 'farm')));
  // Plain products a basket can hold every week: priced, available, no variants or weights, in season all year.
  const picks = (
    await tx
      .select()
      .from(products)
      .where(and(eq(products.producerId, farm.producerId), eq(products.active, true), eq(products.availability, 'available')))
      .orderBy(asc(products.id))
  ).filter(
    (p) =>
      p.priceCents !== null &&
      p.variantNames === null &&
      p.weightUnit === null &&
      p.share === null &&
      p.category !== 'herdshare' &&
      p.dayLimit === null &&
      (p.stockQuantity === null || p.stockQuantity > 20),
  );
  if (!stand || picks.length < 3 || shopperIds.length < 3) return;
  const today = localDate(now, stand.timeZone);
  const saturday = addDaysToDate(today, (6 - weekdayOf(today) + 7) % 7 || 7);
  const standing = (customerId: number, name: string) => ({
    customerId,
    producerUserId: farm.userId,
    pointId: stand.id,
    pointName: stand.name,
    weekday: 6,
    startTime: '09:00',
    startDate: saturday,
    shopperName: name,
  });
  await tx.insert(standingOrders).values({
    ...standing(shopperIds[0], 'Jordan'),
    everyWeeks: 1,
    endDate: null,
    items: [
      { productId: picks[0].id, variantId: null, quantity: 1 },
      { productId: picks[1].id, variantId: null, quantity: 2 },
    ],
  });
  const [plan] = await tx
    .insert(csaPlans)
    .values({
      producerUserId: farm.userId,
      name: 'Weekly Vegetable Share',
      description: 'Whatever is best that week from our fields: greens, roots, tomatoes and herbs.',
      sizes: [
        { name: 'Small', price: 20 },
        { name: 'Large', price: 32 },
      ],
      seasonStart: today,
      seasonEnd: addDaysToDate(saturday, 7 * 15),
      skipDates: [addDaysToDate(saturday, 7 * 6)],
      places: [{ pointId: stand.id, weekday: 6, startTime: '09:00', cap: 12 }],
    })
    .returning({ id: csaPlans.id });
  await tx.insert(standingOrders).values(
    [shopperIds[1], shopperIds[2]].map((id, i) => ({
      ...standing(id, i === 0 ? 'Sam' : 'Riley'),
      everyWeeks: 1,
      endDate: addDaysToDate(saturday, 7 * 15),
      items: [],
      planId: plan.id,
      planSize: i,
      dislikes: i === 0 ? 'No beets, please' : null,
    })),
  );
  const monday = addDaysToDate(saturday, -5);
  await tx.insert(csaBoxes).values({
    planId: plan.id,
    weekOf: monday,
    items: picks.slice(0, 2).map((p) => ({ productId: p.id, variantId: null, quantities: [1, 2] })),
    note: 'Sweet potatoes and the last of the fall greens this week.',
    postedAt: now,
  });
}
