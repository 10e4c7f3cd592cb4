import type { AppContext } from '../../lib/context';
import type { MarketRow } from './markets.access';

/**
 * The mails a farm gets about a market (decision 581): invited, approved, declined, removed. Each
 * says what happened, what to do, and why the farm got it; sent through the outbox after the write.
 */
export type VendorMailKind = 'invited' | 'approved' | 'declined' | 'removed';

const SUBJECT: Record<VendorMailKind, (market: string) => string> = {
  invited: (market) => `${market} invites your farm to be a vendor`,
  approved: (market) => `${market} approved your farm as a vendor`,
  declined: (market) => `${market} declined your vendor application`,
  removed: (market) => `${market} removed your farm from its vendors`,
};

const BODY: Record<VendorMailKind, (market: string) => string[]> = {
  invited: (market) => [
    `The managers of ${market} invite your farm to sell there as a vendor.`,
    'Accept the invitation on your markets page, then link your pickup place at the market so shoppers see you there.',
  ],
  approved: (market) => [
    `Your farm is now a vendor of ${market}: shoppers see it on the market's page and your farm's page says you attend.`,
    'Link your pickup place at the market on your markets page, and report your redemptions after each market day.',
  ],
  declined: (market) => [
    `The managers of ${market} declined your farm as a vendor.`,
    'You can apply again from your markets page when something changed (a document renewed, a product added).',
  ],
  removed: (market) => [
    `The managers of ${market} removed your farm from the market's vendors: shoppers no longer see you there.`,
    'You can apply again from your markets page.',
  ],
};

export async function vendorMail(
  ctx: AppContext,
  kind: VendorMailKind,
  to: { email: string; farmName: string },
  market: MarketRow,
  note: string,
): Promise<void> {
  const paragraphs = [`Hello ${to.farmName},`, ...BODY[kind](market.name)];
  if (note) paragraphs.push(`Note from the market: ${note}`);
  await ctx.mailer.send({
    to: to.email,
    subject: SUBJECT[kind](market.name),
    heading: SUBJECT[kind](market.name),
    paragraphs,
    action: { label: 'Open my markets', url: `${ctx.config.publicUrl}/farm/markets` },
    reason: `You are getting this because your farm's account is a vendor, applicant or invitee of ${market.name} on Farmstand.`,
  });
}
