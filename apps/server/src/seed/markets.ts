import { addDaysToDate } from '@farmstand/shared/format/date-only';
import { marketDates } from '@farmstand/shared/markets/calendar';
import type { Db } from '../db/client';
import {
  boothEntries,
  boothMatchTotals,
  marketStaff,
  markets,
  marketVendors,
  pickupPoints,
  pickupSchedules,
  subscriptions,
  users,
  vendorDays,
  vendorRedemptions,
} from '../db/schema';
import { localDate, zonedTime } from '../lib/time';

/** The demo market's manager and its info booth's volunteer (password: the demo password). */
export const MARKET_MANAGER_EMAIL = 'market@farmstand.test';
export const MARKET_VOLUNTEER_EMAIL = 'booth@farmstand.test';

const TIME_ZONE = 'America/New_York';
/** Past market days with booth entries and the demo farm's reports: the office's books show numbers. */
const PAST_DAYS_WITH_BOOKS = 3;

/**
 * The demo market (issue 48, decision 581): Lexington Farmers Market, Saturdays 7 AM–12 PM all year
 * (a season around the seed's day), matching SNAP with Kentucky Double Dollars at its booth. Its
 * manager and volunteer accounts; the demo farm and two other farms approved vendors, each with its
 * own place at the market (all year, Saturdays) linked, another farm applied; the market basket on
 * (issue 49, decision 584: orders open 13 days before a market day, so the demo always has a Saturday
 * to order for, and close 36 hours before it; a 50¢ basket fee per farm's part); and the last few market days' booth entries (two SNAP shoppers
 * matched, a card swipe) with the demo farm's reports, one counted short, so the reconciliation
 * lists a discrepancy.
 */
export async function insertDemoMarket(
  tx: Db,
  {
    now,
    passwordHash,
    demoFarmUserId,
    applicantUserId,
    basketFarmUserIds,
  }: { now: Date; passwordHash: string; demoFarmUserId: number; applicantUserId: number; basketFarmUserIds: number[] },
): Promise<void> {
  // Lexington's market runs Saturdays all year; the demo's season runs from eight months before
  // the day it is seeded to four months after, so the office has past market days to show and
  // shoppers have coming ones whenever the demo starts.
  const today = localDate(now, TIME_ZONE);
  const seasonStart = `${addDaysToDate(today, -243).slice(0, 7)}-01`;
  const seasonEnd = addDaysToDate(`${addDaysToDate(today, 150).slice(0, 7)}-01`, -1);
  const [market] = await tx
    .insert(markets)
    .values({
      slug: 'lexington-farmers-market',
      name: 'Lexington Farmers Market',
      description: 'Kentucky’s largest farmers market: Saturday mornings all year, at the Fifth Third Pavilion, Cheapside Park.',
      address: '251 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      latitude: 38.0478,
      longitude: -84.4981,
      timeZone: TIME_ZONE,
      seasonStart,
      seasonEnd,
      marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
      closedDates: [],
      boothSnap: true,
      boothCredit: true,
      incentiveId: 'ky_double_dollars',
      snapTokenCents: 100,
      creditTokenCents: 500,
      feeKind: 'percent',
      feePercentBp: 600,
      feeMinCents: 1500,
      feeMaxCents: 6000,
      basketOn: true,
      basketOpensDays: 13,
      basketClosesHours: 36,
      basketFeeKind: 'per_order',
      basketFeeCents: 50,
    })
    .returning();

  const staff = await tx
    .insert(users)
    .values(
      [MARKET_MANAGER_EMAIL, MARKET_VOLUNTEER_EMAIL].map((email) => ({
        email,
        passwordHash,
        userType: 'consumer' as const,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  await tx.insert(subscriptions).values(staff.map((s) => ({ userId: s.id, status: 'none' as const })));
  await tx.insert(marketStaff).values([
    { marketId: market.id, userId: staff[0].id, role: 'manager', addedAt: now },
    { marketId: market.id, userId: staff[1].id, role: 'volunteer', addedBy: staff[0].id, addedAt: now },
  ]);

  // Each vendor's own place at the market, linked: the market basket reserves into it.
  const vendorIds = [demoFarmUserId, ...basketFarmUserIds];
  const places = await tx
    .insert(pickupPoints)
    .values(
      vendorIds.map((producerUserId, i) => ({
        producerUserId,
        kind: 'market' as const,
        name: 'Lexington Farmers Market',
        address: market.address,
        city: market.city,
        state: market.state,
        zip: market.zip,
        latitude: market.latitude,
        longitude: market.longitude,
        timeZone: TIME_ZONE,
        booth: `Stall ${3 + i * 5}`,
        incentiveMarket: 'Lexington Farmers Market',
      })),
    )
    .returning({ id: pickupPoints.id });
  await tx
    .insert(pickupSchedules)
    .values(places.map((place) => ({ pointId: place.id, weekday: 6, startTime: '07:00', endTime: '12:00' })));
  await tx.insert(marketVendors).values([
    ...vendorIds.map((producerUserId, i) => ({
      marketId: market.id,
      producerUserId,
      status: 'approved' as const,
      message: i === 0 ? 'Vegetables, eggs and honey every Saturday.' : 'Every Saturday from April.',
      pointId: places[i].id,
      requestedAt: now,
      decidedAt: now,
      decidedBy: staff[0].id,
    })),
    {
      marketId: market.id,
      producerUserId: applicantUserId,
      status: 'applied',
      message: 'We would like a stall from June.',
      requestedAt: now,
    },
  ]);

  const past = marketDates(market, market.seasonStart, today)
    .filter((date) => date < today)
    .slice(-PAST_DAYS_WITH_BOOKS);
  for (const date of past) await insertDemoMarketDay(tx, market.id, date, demoFarmUserId, staff[1].id);
}

/** One past market day: the booth's entries and their matches, and the demo farm's report and the count. */
async function insertDemoMarketDay(tx: Db, marketId: number, date: string, farmUserId: number, volunteerId: number) {
  const at = (time: string) => zonedTime(date, time, TIME_ZONE);
  const entries = [
    { time: '08:10', currency: 'snap' as const, amountCents: 2000, matchCents: 2000, shopperKey: '4821' },
    { time: '09:25', currency: 'snap' as const, amountCents: 1500, matchCents: 1400, shopperKey: '1177' },
    { time: '10:05', currency: 'credit' as const, amountCents: 2500, matchCents: 0, shopperKey: null },
  ];
  await tx.insert(boothEntries).values(
    entries.map((e, i) => ({
      marketId,
      entryId: `00000000-0000-4000-8000-${date.replaceAll('-', '')}000${i}`,
      marketDate: date,
      kind: 'issue' as const,
      currency: e.currency,
      amountCents: e.amountCents,
      matchCents: e.matchCents,
      shopperKey: e.shopperKey,
      device: 'booth-phone-1',
      recordedBy: volunteerId,
      happenedAt: at(e.time),
      appliedAt: at(e.time),
      result: {
        id: `00000000-0000-4000-8000-${date.replaceAll('-', '')}000${i}`,
        status: 'applied',
        message: null,
        marketDate: date,
        matchCents: e.matchCents,
        overCapCents: 0,
        capLeftCents: e.shopperKey ? 2000 - e.matchCents : null,
      },
    })),
  );
  await tx
    .insert(boothMatchTotals)
    .values(
      entries.flatMap((e) =>
        e.shopperKey ? [{ marketId, marketDate: date, shopperKey: e.shopperKey, matchedCents: e.matchCents }] : [],
      ),
    );
  await tx.insert(vendorDays).values({
    marketId,
    marketDate: date,
    producerUserId: farmUserId,
    salesCents: 46_500,
    source: 'vendor',
    reportedBy: farmUserId,
  });
  // The farm redeemed most of the day's tokens; the market counted its Double Dollars $2 short.
  await tx.insert(vendorRedemptions).values([
    { marketId, marketDate: date, producerUserId: farmUserId, currency: 'snap', reportedCents: 3000, countedCents: 3000 },
    { marketId, marketDate: date, producerUserId: farmUserId, currency: 'incentive', reportedCents: 3000, countedCents: 2800 },
    { marketId, marketDate: date, producerUserId: farmUserId, currency: 'credit', reportedCents: 2500, countedCents: 2500 },
  ]);
}
