import { defaultTimeZone } from '@farmstand/shared/constants/time-zones';
import {
  NOTICE_LINK_INVALID,
  type NoticeStatus,
  type NoticeSubscriptions,
  type NoticeUnsubscribeResponse,
  type SendNoticeResponse,
} from '@farmstand/shared/schemas/notices';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { claimNotice, noticeClaimed } from '../../lib/job-runs';
import { insertOutboxRow, type OutboxFields } from '../../lib/mailer';
import { localDate } from '../../lib/time';
import { makeUnsubscribeToken, readUnsubscribeToken } from '../../lib/unsubscribe-token';
import type { AuthUser } from '../../plugins/auth';
import { countFavorites } from '../favorites';
import { windowInZone } from '../orders';
import { publicPickup } from '../pickup';
import { findProducerByUserId } from '../producers';
import * as repo from './notices.repository';

/**
 * "Ordering is open" notices (decision 513): a farm tells the shoppers who favourited it, and its
 * standing and CSA members (each told why they get it), that its
 * next pickups are open, with what's new, at most once per farm per calendar day in the farm's zone.
 * Each mail's one-click unsubscribe turns off that farm's notices for that shopper, at once.
 */

const SCOPE = 'farm-notices';
const KIND = 'farm-notice';

export const noticeUnsubscribeUrl = (ctx: AppContext, userId: number, producerUserId: number) =>
  `${ctx.config.publicUrl}/api/notices/unsubscribe/${makeUnsubscribeToken(ctx.config.jwtSecret, SCOPE, [userId, producerUserId])}`;

/** The farm, its next pickups and its calendar day (the zone of its first place, else its address's). */
async function farmOf(ctx: AppContext, producer: AuthUser) {
  const farm = await findProducerByUserId(ctx.db, producer.id);
  if (!farm) throw forbidden('Create your farm profile before telling shoppers ordering is open');
  const pickup = await publicPickup(ctx, producer.id);
  const zone = pickup.windows[0]?.time_zone ?? defaultTimeZone(farm.state, farm.zip);
  return { farm, windows: pickup.windows, today: localDate(ctx.clock.now(), zone) };
}

/**
 * Whether today's notice went out, and who it reaches: the farm's followers counted as its page
 * counts them (`favorites.countFavorites`, "Saved by N"), and the shoppers the mail goes to, of
 * whom standing and CSA members (decision 546).
 */
export async function noticeStatus(ctx: AppContext, producer: AuthUser): Promise<NoticeStatus> {
  const { today } = await farmOf(ctx, producer);
  const people = await repo.audience(ctx.db, producer.id);
  return {
    today,
    sent_today: await noticeClaimed(ctx.db, KIND, producer.id, today),
    audience: people.length,
    followers: await countFavorites(ctx, producer.id),
    members: people.filter((person) => person.standing || person.plans.length > 0).length,
  };
}

/** "and" between the last two: "A", "A and B", "A, B and C". */
const inWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * Why this shopper gets the farm's notice, in their own terms: a CSA member is told the plan, a
 * standing customer the reservation, a follower the favourite (decision 546).
 */
export function whyYouGetThis(farmName: string, person: Pick<repo.AudienceMember, 'favourite' | 'standing' | 'plans'>): string {
  const reasons = [
    person.plans.length > 0 && `you are a member of ${inWords(person.plans)} at ${farmName}`,
    person.standing && `you have a standing reservation with ${farmName}`,
    person.favourite && `${farmName} is one of your favourites`,
  ].filter((reason): reason is string => !!reason);
  return `You get this because ${inWords(reasons.length ? reasons : [`you follow ${farmName}`])}.`;
}

/** Sends today's notice: one mail per shopper, written in one transaction with the day's claim. */
export async function sendNotice(ctx: AppContext, producer: AuthUser, message: string): Promise<SendNoticeResponse> {
  const { farm, windows, today } = await farmOf(ctx, producer);
  if (windows.length === 0)
    throw conflict('Add a pickup time first: the notice tells shoppers when they can pick up (Pickup & Orders on your profile)');
  const site = await ctx.mailer.site();
  const farmUrl = `${ctx.config.publicUrl}/producer/${producer.id}`;
  const next = windows
    .slice(0, 3)
    .map((w) => `- ${windowInZone(new Date(w.starts_at), new Date(w.ends_at), w.time_zone)} · ${w.name}`);
  const written = await ctx.db.transaction(async (tx) => {
    // The claim is the once-a-day rule: a second notice the same day (or a double click) finds it taken.
    if (!(await claimNotice(tx, KIND, producer.id, today)))
      throw conflict('You already told your shoppers today: the next notice can go out tomorrow');
    const rows: { id: number; mail: OutboxFields }[] = [];
    for (const shopper of await repo.audience(tx, producer.id)) {
      const unsubscribe = noticeUnsubscribeUrl(ctx, shopper.id, producer.id);
      const mail = await ctx.mailer.render(
        {
          to: shopper.email,
          subject: `Ordering is open at ${farm.farmName}`,
          text: [
            `${farm.farmName} is taking reservations for its next pickups:`,
            ...next,
            '',
            message,
            '',
            `Reserve: ${farmUrl}`,
            '',
            `${whyYouGetThis(farm.farmName, shopper)} Stop these notices from ${farm.farmName}: ${unsubscribe}`,
          ].join('\n'),
        },
        site,
      );
      rows.push({ id: await insertOutboxRow(tx, mail), mail });
    }
    return rows;
  });
  for (const { id, mail } of written)
    void ctx.mailer.dispatch(id, mail).catch((error) => console.error('farm notice mail failed', error));
  const n = written.length;
  return { recipients: n, message: `Sent to ${n} ${n === 1 ? 'shopper' : 'shoppers'} who follow ${farm.farmName}.` };
}

export async function subscriptions(ctx: AppContext, user: AuthUser): Promise<NoticeSubscriptions> {
  return { farms: await repo.subscriptionsOf(ctx.db, user.id) };
}

export async function setSubscription(ctx: AppContext, user: AuthUser, producerUserId: number, on: boolean) {
  const farms = await repo.subscriptionsOf(ctx.db, user.id);
  if (!farms.some((f) => f.producer_user_id === producerUserId))
    throw notFound('This farm is not one of your favourites: add it to your favourites to get its notices');
  await repo.setNotices(ctx.db, user.id, producerUserId, on);
  return subscriptions(ctx, user);
}

/** The mail's one-click unsubscribe: that shopper, that farm, from now on. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<NoticeUnsubscribeResponse> {
  const ids = readUnsubscribeToken(ctx.config.jwtSecret, SCOPE, token, 2, ctx.clock.now());
  if (!ids) throw badRequest(NOTICE_LINK_INVALID);
  const [userId, producerUserId] = ids;
  const farm = await findProducerByUserId(ctx.db, producerUserId);
  await repo.setNotices(ctx.db, userId, producerUserId, false);
  const name = farm?.farmName ?? 'this farm';
  return {
    farm_name: name,
    message: `You will no longer get “ordering is open” e-mails from ${name}. You can turn them back on from your favourites.`,
  };
}

/** For the confirmation page: the token is checked before the page asks. */
export function checkUnsubscribeToken(ctx: AppContext, token: string): void {
  if (!readUnsubscribeToken(ctx.config.jwtSecret, SCOPE, token, 2, ctx.clock.now())) throw badRequest(NOTICE_LINK_INVALID);
}
