import { type AuthResponse, passwordTooShortText } from '@farmstand/shared';
import { DAY_MS } from '@farmstand/shared/format/date-only';
import {
  STAND_INVITATION_DAYS,
  type StandHelpersResponse,
  type StandInvitation,
  type StandInvitationAccept,
  type StandInvitationView,
} from '@farmstand/shared/schemas/stand-helpers';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, tooManyRequests } from '../../lib/errors';
import { createOneTimeToken, hashOneTimeToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { findUserByEmail, hashPassword, insertUser, issueSession, passwordMinLength, setPassword } from '../auth';
import { findFarm } from '../pickup';
import * as repo from './stand-helpers.repository';

/**
 * Stand helpers (issue 47 item 1, decision 579): the farm invites the people who run its booth by
 * e-mail; the link makes an account of type 'stand_helper' that runs only that farm's stand, acting
 * for the farm (its sales are the farm's, each tender recorded by the helper). The farm removes a
 * helper: their sessions end at once and the account cannot sign in again.
 */

/** Invitations a farm may send in a day: enough for a market's crew, not a mailing list. */
export const INVITATIONS_PER_DAY = 20;

const LINK_NOT_VALID = 'This invitation link is not valid: ask the farm to invite you again';
const LINK_REVOKED = 'The farm withdrew this invitation: ask them to invite you again';
const LINK_USED = 'This invitation was used already: sign in with its e-mail address and the password you chose';
const LINK_EXPIRED = `This invitation has expired (a link works for ${STAND_INVITATION_DAYS} days): ask the farm to invite you again`;
const ADDRESS_TAKEN =
  'This address has a Farmstand account already: a stand helper needs an address of their own (or sign in to that account)';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const presentInvitation = (row: repo.InvitationRow): StandInvitation => ({
  id: row.id,
  email: row.email,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

async function farmNameOf(ctx: AppContext, farmUserId: number): Promise<string> {
  const farm = await findFarm(ctx.db, farmUserId);
  if (!farm) throw notFound('Set up your farm profile first: helpers run your farm’s stand');
  return farm.farmName;
}

export async function listHelpers(ctx: AppContext, farm: AuthUser): Promise<StandHelpersResponse> {
  const [helpers, invitations] = await Promise.all([
    repo.listHelpers(ctx.db, farm.id),
    repo.pendingInvitations(ctx.db, farm.id, ctx.clock.now()),
  ]);
  return {
    helpers: helpers.map(({ helper, email, lastRecordedAt }) => ({
      id: helper.userId,
      name: helper.name,
      email,
      added_at: helper.addedAt.toISOString(),
      last_recorded_at: iso(lastRecordedAt ? new Date(lastRecordedAt) : null),
    })),
    invitations: invitations.map(presentInvitation),
  };
}

/**
 * Whether an address may become this farm's helper: a new address, or a helper this farm removed
 * (invited back: the same account, opened again). Any other account keeps its address.
 */
async function assertInvitable(ctx: AppContext, farmUserId: number, email: string): Promise<void> {
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing) return;
  if (existing.id === farmUserId) throw badRequest('That is your own address: invite your helper’s address', 'email');
  const helper = existing.userType === 'stand_helper' ? await repo.findHelper(ctx.db, existing.id) : undefined;
  if (helper?.farmUserId === farmUserId && helper.removedAt === null) throw conflict(`${existing.email} is your helper already`);
  if (helper?.farmUserId === farmUserId && existing.status === 'deleted') return;
  throw conflict(ADDRESS_TAKEN);
}

/**
 * Mails the address a link to become the farm's stand helper, working once for
 * STAND_INVITATION_DAYS; an earlier unused invitation to the same address is revoked (the newest
 * link is the one that works). At most INVITATIONS_PER_DAY a day per farm.
 */
export async function invite(ctx: AppContext, farm: AuthUser, email: string): Promise<StandInvitation> {
  const farmName = await farmNameOf(ctx, farm.id);
  await assertInvitable(ctx, farm.id, email);
  const now = ctx.clock.now();
  if ((await repo.countInvitationsSince(ctx.db, farm.id, new Date(now.getTime() - DAY_MS))) >= INVITATIONS_PER_DAY)
    throw tooManyRequests(`You can invite ${INVITATIONS_PER_DAY} helpers a day: try again tomorrow`, 60 * 60);
  const { token, hash } = createOneTimeToken();
  const row = await ctx.db.transaction(async (tx) => {
    await repo.revokeInvitations(tx, farm.id, { email }, now);
    return repo.insertInvitation(tx, {
      farmUserId: farm.id,
      email,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAND_INVITATION_DAYS * DAY_MS),
    });
  });
  const link = `${ctx.config.publicUrl}/stand/join?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: email,
    subject: `${farmName} invites you to run its stand on Farmstand`,
    heading: `Help run ${farmName}’s stand`,
    paragraphs: [
      `${farmName} invites you to ring up sales and hand over pickups at its stand with Farmstand on your phone.`,
      `Choose your name and a password with the button below; the link works once, for ${STAND_INVITATION_DAYS} days. Your account opens only the farm’s stand.`,
      'If you do not know this farm, ignore this e-mail: no account is made without the link.',
    ],
    action: { label: 'Set up my stand account', url: link },
    reason: `You are getting this because ${farmName} invited ${email} to help at its stand.`,
  });
  return presentInvitation(row);
}

export async function revokeInvitation(ctx: AppContext, farm: AuthUser, id: number): Promise<void> {
  if ((await repo.revokeInvitations(ctx.db, farm.id, { id }, ctx.clock.now())) === 0)
    throw notFound('No waiting invitation with that id: it was used, withdrawn or never sent');
}

/**
 * Removes a helper: they stop being the farm's helper, their account is closed (no sign-in) and
 * every session of it ends at once (token version; live sockets by the event). Their sales stay
 * the farm's, still naming who recorded them.
 */
export async function removeHelper(ctx: AppContext, farm: AuthUser, helperUserId: number): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.markRemoved(tx, farm.id, helperUserId, ctx.clock.now()))) return false;
    await repo.closeAccount(tx, helperUserId);
    return true;
  });
  if (!removed) throw notFound('No helper of your farm with that id');
  ctx.events.emit('user.sessions_ended', { userId: helperUserId, reason: 'deleted' });
}

/** The invitation behind a link, or the reason it no longer works. */
async function liveInvitation(ctx: AppContext, token: string): Promise<repo.InvitationRow> {
  const row = await repo.findInvitation(ctx.db, hashOneTimeToken(token));
  if (!row) throw badRequest(LINK_NOT_VALID);
  if (row.revokedAt) throw badRequest(LINK_REVOKED);
  if (row.usedAt) throw badRequest(LINK_USED);
  if (row.expiresAt <= ctx.clock.now()) throw badRequest(LINK_EXPIRED);
  return row;
}

export async function viewInvitation(ctx: AppContext, token: string): Promise<StandInvitationView> {
  const row = await liveInvitation(ctx, token);
  return { farm_name: await farmNameOf(ctx, row.farmUserId), email: row.email, expires_at: row.expiresAt.toISOString() };
}

/**
 * Accepts an invitation once: the helper's account (new, or the removed helper's opened again with
 * the new password), verified (the link came to the inbox), and a session for them.
 */
export async function acceptInvitation(ctx: AppContext, input: StandInvitationAccept): Promise<AuthResponse> {
  const invitation = await liveInvitation(ctx, input.token);
  const farm = await ctx.reads.authUser(invitation.farmUserId);
  if (farm?.status !== 'active' || farm.userType !== 'producer')
    throw badRequest('This farm’s account is closed: its stand has no helpers');
  const minLength = await passwordMinLength(ctx);
  if (input.password.length < minLength) throw badRequest(`Password: ${passwordTooShortText(minLength)}`, 'password');
  await assertInvitable(ctx, invitation.farmUserId, invitation.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  let userId: number;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, invitation.email);
      let id: number;
      if (existing) {
        await setPassword(tx, existing.id, passwordHash, { status: 'active', emailVerified: true });
        id = existing.id;
      } else {
        const user = await insertUser(
          tx,
          { email: invitation.email, passwordHash, userType: 'stand_helper', emailVerified: true },
          { status: 'none' },
        );
        id = user.id;
      }
      if (!(await repo.useInvitation(tx, invitation.id, id, now))) throw badRequest(LINK_USED);
      await repo.saveHelper(tx, { userId: id, farmUserId: invitation.farmUserId, name: input.name, addedAt: now });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADDRESS_TAKEN);
    throw error;
  }
  return issueSession(ctx, userId);
}

/**
 * On the stand's routes a helper acts for their farm: the farm's account, carrying who is acting
 * (`actingHelperId`, what the tenders they record name as `recorded_by`). A removed helper, or the
 * helper of a farm whose account is closed, is refused.
 */
export async function actingForFarm(ctx: AppContext, helper: AuthUser): Promise<AuthUser> {
  const row = await repo.findHelper(ctx.db, helper.id);
  if (!row || row.removedAt) throw forbidden('You are no longer a helper of this farm');
  const farm = await ctx.reads.authUser(row.farmUserId);
  if (farm?.status !== 'active' || farm.userType !== 'producer')
    throw forbidden('The farm’s account is closed: its stand is too');
  return { ...farm, actingHelperId: helper.id };
}
