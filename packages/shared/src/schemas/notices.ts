import { z } from 'zod';
import { requiredText } from './fields';

/**
 * "Ordering is open" notices (issue 33 part 4, decision 513): a farm tells the shoppers who
 * favourited it, at most once a day per farm; every mail carries a one-click unsubscribe for that
 * farm (RFC 8058), and shoppers turn each farm's notices on or off on their favourites page.
 *
 *   GET  /api/notices/mine                       the farm: sent today?, how many would get it
 *   POST /api/notices                            the farm sends today's notice
 *   GET  /api/notices/subscriptions              the shopper's favourite farms, notices on or off
 *   PUT  /api/notices/subscriptions/{userId}     turn one farm's notices on or off
 *   GET  /api/notices/unsubscribe/{token}        the mail's link: leads to the page that asks
 *   POST /api/notices/unsubscribe/{token}        one-click unsubscribe from that farm's notices
 */

export const SendNoticeRequest = z.strictObject({
  message: requiredText(1000, 'What’s new this week'),
});
export type SendNoticeRequest = z.infer<typeof SendNoticeRequest>;

export const NoticeStatus = z.object({
  /** The farm's calendar day (its zone) and whether today's notice went out. */
  today: z.string(),
  sent_today: z.boolean(),
  /** Shoppers the notice goes to: followers and standing or CSA members who did not turn its notices off. */
  audience: z.number(),
  /** Shoppers who saved the farm: the count its public page shows ("Saved by N"). */
  followers: z.number(),
  /** Of the audience, standing or CSA members (they are told so in the mail). */
  members: z.number(),
});
export type NoticeStatus = z.infer<typeof NoticeStatus>;

export const SendNoticeResponse = z.object({ recipients: z.number(), message: z.string() });
export type SendNoticeResponse = z.infer<typeof SendNoticeResponse>;

export const NoticeSubscriptions = z.object({
  farms: z.array(z.object({ producer_user_id: z.number(), farm_name: z.string(), notices: z.boolean() })),
});
export type NoticeSubscriptions = z.infer<typeof NoticeSubscriptions>;

export const NoticeSubscriptionRequest = z.strictObject({
  notices: z.boolean({ error: 'Say whether you want this farm’s notices (true or false)' }),
});

const INVALID_LINK = 'This unsubscribe link is not valid. Turn the farm’s notices off on your favourites page instead.';

/** The signed token of a notice's unsubscribe link (`<user id>-<farm user id>.<signature>`). */
export const NoticeUnsubscribeParams = z.object({
  token: z
    .string()
    .max(200, INVALID_LINK)
    .regex(/^\d{1,10}-\d{1,10}\.[A-Za-z0-9_-]{16,100}$/, INVALID_LINK),
});
export const NOTICE_LINK_INVALID = INVALID_LINK;

export const NoticeUnsubscribeResponse = z.object({ farm_name: z.string(), message: z.string() });
export type NoticeUnsubscribeResponse = z.infer<typeof NoticeUnsubscribeResponse>;

/** The web page a notice's unsubscribe link opens (it asks before turning the farm's notices off). */
export const noticeUnsubscribePagePath = (token: string) => `/notices/unsubscribe/${token}`;
