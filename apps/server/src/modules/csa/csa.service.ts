import { formatDateOnly, todayDateOnly, weekStart } from '@farmstand/shared/format/date-only';
import { toCents, toDollars } from '@farmstand/shared/format/money';
import {
  CSA_LIMITS,
  type CsaBox,
  type CsaBoxRequest,
  type CsaJoinRequest,
  type CsaMemberList,
  type CsaPlan,
  type CsaPlanRequest,
} from '@farmstand/shared/schemas/csa';
import { STANDING_LIMITS, type StandingResponse } from '@farmstand/shared/schemas/standing';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { assertTakesPlanned } from '../benefits';
import { removeUrls, storeImage } from '../images';
import { checkLines, when } from '../orders';
import { closureOn, occurrences } from '../pickup';
import * as standingRepo from '../standing';
import { getStanding, pickupsAhead, slotOf, standingLineText, statesOf, tellFarmOfMember, timingOf } from '../standing';
import * as repo from './csa.repository';

type PlanInput = z.output<typeof CsaPlanRequest>;
type JoinInput = z.output<typeof CsaJoinRequest>;
type BoxInput = z.output<typeof CsaBoxRequest>;

/**
 * CSA share plans (decision 515). A plan is a box offered weekly for a season at chosen places; a
 * member is a standing reservation of the plan (`standing_orders.plan_id`), placed each week by the
 * standing sweep with that week's box, so skips, pauses, reminders and the exactly-once rule are the
 * standing reservation's own.
 */

async function present(ctx: AppContext, plan: repo.PlanRow, farmName: string, counts: Map<string, number>): Promise<CsaPlan> {
  const places = [];
  for (const place of plan.places) {
    const found = await ctx.reads.pickupPoint(place.pointId);
    const members = counts.get(`${plan.id}@${place.pointId}`) ?? 0;
    places.push({
      point_id: place.pointId,
      name: found?.point.name ?? 'Removed place',
      weekday: place.weekday,
      start: place.startTime,
      time_zone: found?.point.timeZone ?? 'America/New_York',
      cap: place.cap,
      members,
      left: Math.max(0, place.cap - members),
    });
  }
  return {
    id: plan.id,
    producer: { user_id: plan.producerUserId, farm_name: farmName },
    name: plan.name,
    description: plan.description,
    sizes: plan.sizes,
    season_start: plan.seasonStart,
    season_end: plan.seasonEnd,
    skip_dates: plan.skipDates,
    places,
    active: plan.active,
  };
}

async function presentAll(ctx: AppContext, rows: { plan: repo.PlanRow; farmName: string }[]) {
  const counts = await repo.memberCounts(
    ctx.db,
    rows.map((r) => r.plan.id),
  );
  return Promise.all(rows.map((r) => present(ctx, r.plan, r.farmName, counts)));
}

/** A farm's plans open for joining (public). */
export async function openPlans(ctx: AppContext, producerUserId: number) {
  const rows = (await repo.plansOfFarm(ctx.db, producerUserId)).filter(
    (r) => r.plan.active && r.plan.seasonEnd >= todayDateOnly(ctx.clock.now()),
  );
  return { plans: await presentAll(ctx, rows) };
}

export async function myPlans(ctx: AppContext, producer: AuthUser) {
  return { plans: await presentAll(ctx, await repo.plansOfFarm(ctx.db, producer.id)) };
}

/** The plan's places must be the farm's own, each with a weekly time on its schedule. */
async function planValues(ctx: AppContext, producer: AuthUser, input: PlanInput) {
  if (input.season_end < input.season_start) throw badRequest('The season cannot end before it starts', 'season_end');
  const seen = new Set<number>();
  for (const place of input.places) {
    if (seen.has(place.point_id)) throw badRequest('Each pickup place can be in a plan once', 'places');
    seen.add(place.point_id);
    const found = await ctx.reads.pickupPoint(place.point_id);
    if (!found?.point.active || found.point.producerUserId !== producer.id)
      throw badRequest('Choose one of your own pickup places', 'places');
    if (found.point.kind === 'delivery')
      throw badRequest('A share plan is picked up: choose a pickup place, not delivery days', 'places');
    if (!slotOf(found.point.schedule, { weekday: place.weekday, startTime: place.start }))
      throw badRequest(`That weekly time is not on ${found.point.name}’s schedule`, 'places');
  }
  return {
    name: input.name,
    description: input.description,
    sizes: input.sizes.map((s) => ({ name: s.name, price: toDollars(toCents(s.price)) })),
    seasonStart: input.season_start,
    seasonEnd: input.season_end,
    skipDates: [...new Set(input.skip_dates)].sort(),
    places: input.places.map((p) => ({ pointId: p.point_id, weekday: p.weekday, startTime: p.start, cap: p.cap })),
    active: input.active,
  };
}

export async function addPlan(ctx: AppContext, producer: AuthUser, input: PlanInput) {
  if ((await repo.plansOfFarm(ctx.db, producer.id)).length >= CSA_LIMITS.maxPlansPerFarm)
    throw conflict(`You can offer at most ${CSA_LIMITS.maxPlansPerFarm} share plans; close or change one instead`);
  const plan = await repo.insertPlan(ctx.db, { producerUserId: producer.id, ...(await planValues(ctx, producer, input)) });
  const [row] = (await repo.plansOfFarm(ctx.db, producer.id)).filter((r) => r.plan.id === plan.id);
  return { plan: (await presentAll(ctx, [row]))[0], message: `Share plan “${plan.name}” is open for members.` };
}

async function ownPlan(ctx: AppContext, producer: AuthUser, id: number) {
  const row = await repo.findPlan(ctx.db, id);
  if (!row || row.plan.producerUserId !== producer.id) throw notFound('Share plan not found');
  return row;
}

export async function changePlan(ctx: AppContext, producer: AuthUser, id: number, input: PlanInput) {
  const current = await ownPlan(ctx, producer, id);
  if (input.sizes.length < current.plan.sizes.length)
    throw badRequest(
      'Members chose among the box sizes: you can change sizes and prices, or add one, but not remove one',
      'sizes',
    );
  await repo.updatePlan(ctx.db, id, await planValues(ctx, producer, input));
  const row = (await repo.findPlan(ctx.db, id)) as NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>;
  return {
    plan: (await presentAll(ctx, [row]))[0],
    message: 'Share plan saved. Members’ orders not yet placed follow the change.',
  };
}

/**
 * Joins a plan: a standing reservation of the plan at that place's weekly time, every week from
 * the first pickup still open in the season through its end. The place's cap is counted under the
 * plan's row lock, so two shoppers cannot both take the last place.
 */
export async function join(ctx: AppContext, shopper: AuthUser, planId: number, input: JoinInput): Promise<StandingResponse> {
  const row = await repo.findPlan(ctx.db, planId);
  if (!row?.plan.active) throw notFound('This share plan is not open for members');
  const { plan } = row;
  if (plan.producerUserId === shopper.id) throw forbidden('You cannot join your own share plan');
  const size = plan.sizes[input.size];
  if (!size) throw badRequest('Choose one of the plan’s box sizes', 'size');
  const placement = plan.places.find((p) => p.pointId === input.point_id);
  if (!placement) throw badRequest('Choose one of the plan’s pickup places', 'point_id');
  const found = await ctx.reads.pickupPoint(placement.pointId);
  const slot = found?.point.active
    ? slotOf(found.point.schedule, { weekday: placement.weekday, startTime: placement.startTime })
    : undefined;
  if (!found || !slot) throw conflict('This pickup place no longer has the plan’s weekly time; choose another place');
  const now = ctx.clock.now();
  // The first pickup of the season at that weekly time whose orders are still open.
  const first = occurrences(
    [{ weekday: slot.weekday, start: slot.startTime, end: slot.endTime }],
    now,
    400,
    found.point.timeZone,
  ).find(
    (w) =>
      w.date >= plan.seasonStart &&
      w.date <= plan.seasonEnd &&
      !plan.skipDates.includes(w.date) &&
      !closureOn(found.point, w.date) &&
      timingOf(w.startsAt, found.settings).cutoffAt.getTime() > now.getTime(),
  );
  if (!first) throw conflict('This season’s pickups have all closed; the farm may open a new plan');
  if (await repo.activeMembership(ctx.db, planId, shopper.id)) throw conflict('You are already a member of this plan');
  // How the member plans to pay, as a basket says it: each a benefit the farm takes on the first pickup.
  const plannedBenefits = input.plannedBenefits ?? [];
  if (plannedBenefits.length > 0) {
    if (!found.farm) throw badRequest('This farm has no profile to check planned benefits against', 'plannedBenefits');
    await assertTakesPlanned(ctx, found.farm, plannedBenefits, first.date);
  }

  const { standingId, send } = await ctx.db.transaction(async (tx) => {
    await repo.lockPlan(tx, planId);
    // Again under the plan's lock: two joins at once (a retry, a double tap) make one membership.
    if (await repo.activeMembership(tx, planId, shopper.id)) throw conflict('You are already a member of this plan');
    const members = (await repo.memberCounts(tx, [planId])).get(`${planId}@${placement.pointId}`) ?? 0;
    if (members >= placement.cap) throw conflict(`${found.point.name} is full for this plan; choose another place`);
    const created = await standingRepo.insertStanding(tx, {
      customerId: shopper.id,
      producerUserId: plan.producerUserId,
      pointId: placement.pointId,
      pointName: found.point.name,
      weekday: slot.weekday,
      startTime: slot.startTime,
      everyWeeks: 1,
      startDate: first.date,
      endDate: plan.seasonEnd,
      items: [],
      shopperName: input.shopperName,
      shopperPhone: input.shopperPhone ?? shopper.phone ?? null,
      note: null,
      planId,
      planSize: input.size,
      dislikes: input.dislikes,
      plannedBenefits,
    });
    // The farm is told, in its order mails' period and digest (decision 541).
    return { standingId: created.id, send: await tellFarmOfMember(ctx, tx, created.id, 'requested') };
  });
  send();
  return {
    standing: await getStanding(ctx, shopper, standingId),
    message: `Welcome to ${plan.name}: your ${size.name} share is reserved each week at ${found.point.name} from ${when(first.startsAt, found.point.timeZone)} through ${formatDateOnly(plan.seasonEnd)}, paid at each pickup. Pause or leave any time from your orders.`,
  };
}

/**
 * The plan's members for its farm: each one's own skips and next pickup, read by the place's one
 * calendar (decision 542): a week at the place's closed date or outside its season is neither a
 * member's skip nor a pickup.
 */
export async function members(ctx: AppContext, producer: AuthUser, planId: number): Promise<CsaMemberList> {
  const { plan } = await ownPlan(ctx, producer, planId);
  const rows = await repo.membersOf(ctx.db, planId);
  const now = ctx.clock.now();
  const records = await standingRepo.windowRecords(
    ctx.db,
    rows.map((r) => r.id),
    now,
  );
  const places = new Map<number, Awaited<ReturnType<typeof ctx.reads.pickupPoint>>>();
  for (const row of rows)
    if (row.pointId !== null && !places.has(row.pointId)) places.set(row.pointId, await ctx.reads.pickupPoint(row.pointId));
  return {
    members: rows.map((row) => {
      const found = row.pointId === null ? undefined : places.get(row.pointId);
      const point = found?.point.active ? found.point : null;
      const zone = found?.point.timeZone ?? 'America/New_York';
      const slot = point ? slotOf(point.schedule, row) : undefined;
      const next =
        point && slot && row.status === 'active'
          ? pickupsAhead({ ...row, plan }, slot, point, statesOf(records, row.id), now, 7 * STANDING_LIMITS.demandWeeks)[0]
          : undefined;
      return {
        standing_id: row.id,
        name: row.shopperName,
        phone: row.shopperPhone,
        size: plan.sizes[row.planSize ?? 0]?.name ?? '',
        point_id: row.pointId,
        place: row.pointName,
        dislikes: row.dislikes,
        status: row.status,
        paused_until: row.pausedUntil,
        away_from: row.awayFrom,
        away_to: row.awayTo,
        skips: records
          .filter((r) => r.standingId === row.id && r.state === 'skipped')
          .map((r) => localDate(r.windowStart, zone))
          .filter((date) => !point || closureOn(point, date) === null)
          .sort(),
        next_pickup: next?.date ?? null,
        joined_at: row.createdAt.toISOString(),
      };
    }),
  };
}

async function presentBox(ctx: AppContext, producerUserId: number, box: repo.BoxRow): Promise<CsaBox> {
  const names = await standingRepo.lineNames(ctx.db, producerUserId, box.items);
  return {
    plan_id: box.planId,
    week_of: box.weekOf,
    items: box.items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variantId,
      name: names.products.get(i.productId)?.name ?? 'Removed product',
      variant_name: i.variantId === null ? null : (names.variants.get(i.variantId)?.name ?? null),
      quantities: i.quantities,
    })),
    note: box.note,
    photo_url: box.photoUrl,
    posted_at: box.postedAt.toISOString(),
  };
}

/** The plan's boxes, newest first: for its farm and its members. */
export async function boxes(ctx: AppContext, user: AuthUser, planId: number) {
  const row = await repo.findPlan(ctx.db, planId);
  const member = row && (await repo.activeMembership(ctx.db, planId, user.id));
  if (!row || (row.plan.producerUserId !== user.id && !member && user.userType !== 'admin'))
    throw notFound('Share plan not found');
  return {
    boxes: await Promise.all((await repo.boxesOf(ctx.db, planId)).map((b) => presentBox(ctx, row.plan.producerUserId, b))),
  };
}

/**
 * Posts (or corrects) a week's box and mails the plan's active members what is in their size. The
 * items must be the farm's own products, one quantity per size. Members' orders placed after this
 * carry the box; orders already placed for that week keep what they had (the message says so).
 */
export async function postBox(ctx: AppContext, producer: AuthUser, planId: number, input: BoxInput) {
  const { plan, farmName } = await ownPlan(ctx, producer, planId);
  const weekOf = weekStart(input.week_of);
  for (const item of input.items) {
    if (item.quantities.length !== plan.sizes.length)
      throw badRequest(`Give a quantity for each of the ${plan.sizes.length} box sizes`, 'items');
  }
  // A box holds the farm's own listed products and their own variants: the one line check.
  await checkLines(ctx, producer.id, input.items);
  const at = ctx.clock.now();
  await repo.upsertBox(ctx.db, {
    planId,
    weekOf,
    items: input.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantities: i.quantities })),
    note: input.note,
    postedAt: at,
  });
  const box = (await standingRepo.findBox(ctx.db, planId, weekOf)) as repo.BoxRow;
  const shown = await presentBox(ctx, producer.id, box);
  const memberRows = (await repo.membersOf(ctx.db, planId)).filter((m) => m.status === 'active');
  const names = await standingRepo.lineNames(ctx.db, producer.id, box.items);
  const placed = await standingRepo.windowRecords(
    ctx.db,
    memberRows.map((m) => m.id),
    new Date(`${weekOf}T00:00:00Z`),
  );
  const alreadyPlaced = placed.some((r) => r.state === 'placed' && weekStart(r.date) === weekOf);
  for (const member of memberRows) {
    const email = await standingRepo.userEmail(ctx.db, member.customerId);
    const size = member.planSize ?? 0;
    if (!email) continue;
    const lines = box.items
      .filter((i) => (i.quantities[size] ?? 0) > 0)
      .map((i) => `- ${standingLineText(names, { ...i, quantity: i.quantities[size] ?? 0 })}`);
    await ctx.mailer
      .send({
        to: email,
        subject: `This week’s box from ${farmName}`,
        text: [
          `Your ${plan.sizes[size]?.name ?? ''} ${plan.name} box for the week of ${formatDateOnly(weekOf, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}:`,
          ...(lines.length ? lines : ['(the farm lists no items for your size this week)']),
          ...(member.dislikes ? ['', `The farm has your note: ${member.dislikes}`] : []),
          ...(input.note ? ['', input.note] : []),
          '',
          `Skip or pause from your orders: ${ctx.config.publicUrl}/orders?tab=standing`,
        ].join('\n'),
      })
      .catch((error: unknown) => console.error('box mail failed', error));
  }
  return {
    box: shown,
    message: alreadyPlaced
      ? `Box posted and mailed to ${memberRows.length} members. Some members’ orders for that week were already placed: they keep what they had.`
      : `Box posted and mailed to ${memberRows.length} members; their orders for that week will hold it.`,
  };
}

export async function setBoxPhoto(ctx: AppContext, producer: AuthUser, planId: number, weekOf: string, buffer: Buffer) {
  await ownPlan(ctx, producer, planId);
  const week = weekStart(weekOf);
  const box = await standingRepo.findBox(ctx.db, planId, week);
  if (!box) throw notFound('Post the week’s box first, then add its photo');
  const stored = await storeImage(ctx.storage, `csa/${planId}`, buffer);
  try {
    await repo.setBoxPhoto(ctx.db, planId, week, stored.url);
  } catch (error) {
    await removeUrls(ctx.storage, stored.urls);
    throw error;
  }
  return {
    box: await presentBox(ctx, producer.id, (await standingRepo.findBox(ctx.db, planId, week)) as repo.BoxRow),
    message: 'Photo added to the box.',
  };
}
