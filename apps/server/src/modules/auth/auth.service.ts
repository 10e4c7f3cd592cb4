import {
  type AuthResponse,
  JWT_TTL_SECONDS,
  LOGIN_LOCKOUT_ATTEMPTS,
  LOGIN_LOCKOUT_WINDOW_MS,
  type LoginRequest,
  PASSWORD_MIN_LENGTH,
  passwordTooShortText,
  type RegisterRequest,
  TEXTS,
  TRIAL_DAYS,
} from '@farmstand/shared';
import { DAY_MS, plusDays } from '@farmstand/shared/format/date-only';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, tooManyRequests, unauthorized } from '../../lib/errors';
import { createOneTimeToken, hashOneTimeToken, signAccessToken } from '../../lib/tokens';
import { forgetFavoritesOf } from '../favorites';
import * as repo from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { presentUser } from './user.presenter';

const DAY_S = 24 * 60 * 60;
const VERIFY_TOKEN_TTL_MS = 2 * DAY_MS;
const HOUR_MS = 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** Reset and verification mails per address and kind per hour, on top of the per-IP limit. */
const MAILS_PER_ADDRESS_PER_HOUR = 3;
const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Please ask for a new one.';
/** E-mailed sign-in links work once, for this long. */
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, expired or already used. Please ask for a new one.';
/**
 * Failed passwords from everywhere within LOGIN_LOCKOUT_WINDOW_MS that lock the account as a whole
 * (decision 390). The admin's max_login_attempts (default 5) locks one account from one address.
 */
export const ACCOUNT_LOCKOUT_ATTEMPTS = 50;
const ACCOUNT_LOCKED =
  'Too many failed sign-in attempts on this account. Use "Email me a sign-in link" to sign in now, or wait 15 minutes and try again.';

/** The admin's password_min_length, checked on every new password (register, reset). */
export async function passwordMinLength(ctx: AppContext): Promise<number> {
  return (await ctx.settings.get('security')).password_min_length ?? PASSWORD_MIN_LENGTH;
}

async function assertPasswordLength(ctx: AppContext, password: string, field = 'password'): Promise<void> {
  const minLength = await passwordMinLength(ctx);
  const label = field === 'newPassword' ? 'New password' : 'Password';
  if (password.length < minLength) throw badRequest(`${label}: ${passwordTooShortText(minLength)}`, field);
}

export async function register(ctx: AppContext, input: RegisterRequest): Promise<AuthResponse> {
  const user = await createAccount(ctx, input);
  await sendVerificationEmail(ctx, user.id, user.email);
  return issueSession(ctx, user.id);
}

/**
 * A new account by the rules of sign-up: the password minimum in force, one account per address,
 * a producer's free trial. Sign-up leaves the address unverified and mails the link; the end-to-end
 * user fixture (modules/testing) makes accounts that have already followed it.
 */
export async function createAccount(
  ctx: AppContext,
  input: RegisterRequest,
  { emailVerified = false }: { emailVerified?: boolean } = {},
): Promise<repo.UserRow> {
  await assertPasswordLength(ctx, input.password);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw conflict(TEXTS.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const subscription = input.userType === 'producer' ? await producerTrial(ctx) : { status: 'none' as const };
  let user: repo.UserRow;
  try {
    user = await ctx.db.transaction(async (tx) =>
      repo.insertUser(
        tx,
        { email: input.email, passwordHash, userType: input.userType, phone: input.phone ?? null, emailVerified },
        subscription,
      ),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TEXTS.emailTaken);
    throw error;
  }
  ctx.events.emit('user.registered', { userId: user.id, email: user.email, userType: user.userType });
  return user;
}

export type ProducerTrial = { status: 'trialing'; trialEndsAt: Date };

/**
 * The free trial a new producer starts with, no card needed (spec 01 §1), the admin's trial_days
 * long. Read before a transaction: the settings are not read on the transaction's connection.
 */
export async function producerTrial(ctx: AppContext): Promise<ProducerTrial> {
  const trialDays = (await ctx.settings.get('payment')).trial_days ?? TRIAL_DAYS;
  return { status: 'trialing', trialEndsAt: plusDays(ctx.clock.now(), trialDays) };
}

/**
 * Password sign-in from a client address. The admin's max_login_attempts failures
 * of one account from one address lock that pair for the window: the person guessing there sees the
 * spec's lockout, the owner elsewhere does not. ACCOUNT_LOCKOUT_ATTEMPTS from everywhere lock the
 * account's password sign-in as a whole; the e-mailed sign-in link still works then.
 */
export async function login(ctx: AppContext, input: LoginRequest, ip: string): Promise<AuthResponse> {
  const security = await ctx.settings.get('security');
  const maxAttempts = security.max_login_attempts ?? LOGIN_LOCKOUT_ATTEMPTS;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LOGIN_LOCKOUT_WINDOW_MS);
  const { pair, account } = await repo.recentLoginFailures(ctx.db, input.email, ip, since);
  // A lockout lifts when the oldest counted failure leaves the window.
  const secondsLeft = (oldest: Date | null) => ((oldest ?? now).getTime() + LOGIN_LOCKOUT_WINDOW_MS - now.getTime()) / 1000;
  if (pair.count >= maxAttempts) throw tooManyRequests(TEXTS.tooManyLogins, secondsLeft(pair.oldest));
  if (account.count >= ACCOUNT_LOCKOUT_ATTEMPTS) throw tooManyRequests(ACCOUNT_LOCKED, secondsLeft(account.oldest));
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const isValid = await verifyPassword(user && user.status !== 'deleted' ? user.passwordHash : null, input.password);
  if (!user || !isValid) {
    await repo.recordLoginFailure(ctx.db, input.email, ip, now);
    throw unauthorized(TEXTS.invalidCredentials);
  }
  if (user.status === 'suspended') throw forbidden(TEXTS.accountSuspended);
  if (security.require_email_verification && !user.emailVerified) throw forbidden(TEXTS.emailNotVerified);
  await repo.clearLoginFailures(ctx.db, input.email, ip);
  return issueSession(ctx, user.id);
}

/**
 * Mails a one-time sign-in link: the way in that no one else's wrong passwords can
 * block. Answers the same whether or not the account exists; at most MAILS_PER_ADDRESS_PER_HOUR an hour.
 */
export async function sendSignInLink(ctx: AppContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  const token = await issueMailedToken(ctx, user.id, 'sign_in_link', SIGN_IN_LINK_TTL_MS);
  if (!token) return;
  const link = `${ctx.config.publicUrl}/login/email-link?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Farmstand sign-in link',
    heading: 'Sign in to your account',
    paragraphs: [
      'Someone asked for a link to sign in to your account without a password. Sign in with the button below; the link works once, for 15 minutes.',
      'If it was not you, ignore this e-mail: nobody can use the link without access to your inbox.',
    ],
    action: { label: 'Sign me in', url: link },
    reason: `You are getting this because a sign-in link was requested for ${user.email}.`,
  });
}

/**
 * Signs in with an e-mailed link, once: the token is used up, older links die with it, and the
 * password lockouts do not apply (the link proves the inbox, which a guesser does not have). It also
 * proves the address, so the account counts as verified, and it clears this address's failed passwords.
 */
export async function signInWithLink(ctx: AppContext, token: string, ip: string): Promise<AuthResponse> {
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await repo.consumeAuthToken(tx, 'sign_in_link', hashOneTimeToken(token), now);
    const user = id === null ? undefined : await repo.findUserWithSubscription(tx, id);
    if (!user || user.status === 'deleted') throw badRequest(SIGN_IN_LINK_INVALID);
    // Thrown inside the transaction, so the link stays unused for when the account is reinstated.
    if (user.status === 'suspended') throw forbidden(TEXTS.accountSuspended);
    await repo.retireAuthTokens(tx, user.id, 'sign_in_link', now);
    if (!user.emailVerified) await repo.updateUser(tx, user.id, { emailVerified: true });
    await repo.clearLoginFailures(tx, user.email.toLowerCase(), ip);
    return user.id;
  });
  return issueSession(ctx, userId);
}

/**
 * A shopper's account becomes a producer account under the rules of registering as one (decision 391):
 * the free trial starts unless the account had a trial or plan before, and the farm profile is made
 * next, as after registration. Favourites go (producers cannot keep any); orders and reviews stay.
 */
export async function becomeProducer(ctx: AppContext, userId: number): Promise<AuthResponse> {
  const trial = await producerTrial(ctx);
  await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const user = await repo.findUserWithSubscription(tx, userId);
    if (user?.status !== 'active') throw unauthorized('Your session has expired. Please sign in again.');
    if (user.userType !== 'consumer')
      throw conflict(`This is already a${user.userType === 'admin' ? 'n' : ''} ${user.userType} account`);
    await startProducerAccount(tx, userId, trial);
  });
  // A fresh token: its claims name the new account type the web app reads.
  return issueSession(ctx, userId);
}

/**
 * The one place an existing account turns producer, in the caller's transaction (the shopper
 * themselves, or an admin changing the type): its type, the free trial when the account never had a
 * trial or plan (one trial per account), and no favourites.
 */
export async function startProducerAccount(tx: Db, userId: number, trial: ProducerTrial): Promise<void> {
  const user = await repo.findUserWithSubscription(tx, userId);
  if (!user) return;
  await repo.updateUser(tx, userId, { userType: 'producer' });
  const sub = user.subscription;
  const hadTrialOrPlan = sub !== null && (sub.status !== 'none' || sub.trialEndsAt !== null || sub.currentPeriodEnd !== null);
  if (!hadTrialOrPlan) await repo.upsertSubscription(tx, userId, trial);
  await forgetFavoritesOf(tx, userId);
}

export async function issueSession(ctx: AppContext, userId: number): Promise<AuthResponse> {
  const user = await repo.findUserWithSubscription(ctx.db, userId);
  if (!user) throw new AppError(404, 'Account not found');
  // Sessions last the admin's session_timeout, in days (spec 02 §5).
  const days = (await ctx.settings.get('security')).session_timeout ?? JWT_TTL_SECONDS / DAY_S;
  const token = await signAccessToken(user, ctx.config.jwtSecret, days * DAY_S);
  return { token, user: presentUser(user, ctx.clock.now()) };
}

/**
 * Verifies with an e-mailed link. Any link of an account that is already verified (the same one
 * opened again, an older one, a reload of the page) answers success with 'already verified':
 * the person's goal is reached, so they get one consistent answer (decision 113). Unknown or
 * expired links of an unverified account stay an error with the spec's text.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ alreadyVerified: boolean }> {
  const tokenHash = hashOneTimeToken(token);
  const owner = await repo.findAuthTokenOwner(ctx.db, 'verify_email', tokenHash);
  if (owner?.emailVerified && owner.status === 'active') return { alreadyVerified: true };
  const now = ctx.clock.now();
  const isVerified = await ctx.db.transaction(async (tx) => {
    const userId = await repo.consumeAuthToken(tx, 'verify_email', tokenHash, now);
    if (!userId) return false;
    await repo.updateUser(tx, userId, { emailVerified: true });
    await repo.retireAuthTokens(tx, userId, 'verify_email', now);
    return true;
  });
  if (!isVerified) throw badRequest(TEXTS.verifyFailed);
  return { alreadyVerified: false };
}

/** Always answers the same way, so nobody can learn which e-mails have accounts. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user && !user.emailVerified && user.status === 'active') await sendVerificationEmail(ctx, user.id, user.email);
}

export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  const token = await issueMailedToken(ctx, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
  if (!token) return;
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Farmstand password',
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the button below; the link works once, for one hour.',
      'If it was not you, ignore this e-mail: your password stays the same.',
    ],
    action: { label: 'Choose a new password', url: link },
    reason: `You are getting this because a password reset was requested for ${user.email}.`,
  });
}

/**
 * Sets the new password with a reset link, retires every other reset link of the account, ends
 * every session issued before (token version) and answers a fresh session for the person who reset.
 * The link arrived by e-mail, so it also proves the address: the account counts as verified.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<AuthResponse> {
  await assertPasswordLength(ctx, password);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await repo.consumeAuthToken(tx, 'reset_password', hashOneTimeToken(token), now);
    if (!id) throw badRequest(RESET_LINK_INVALID);
    await repo.setPassword(tx, id, passwordHash, { emailVerified: true });
    await repo.retireAuthTokens(tx, id, 'reset_password', now);
    const user = await repo.findUserWithSubscription(tx, id);
    if (user) await repo.clearLoginFailures(tx, user.email.toLowerCase());
    return id;
  });
  ctx.events.emit('user.sessions_ended', { userId, reason: 'password_reset' });
  return issueSession(ctx, userId);
}

/**
 * A signed-in person sets a new password with the current one. Like a reset, it ends every session
 * issued before (token version) and every outstanding reset link; this device gets a fresh session.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<AuthResponse> {
  await assertPasswordLength(ctx, newPassword, 'newPassword');
  const user = await repo.findUserWithSubscription(ctx.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest('Current password is incorrect', 'currentPassword');
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, userId, passwordHash);
    await repo.retireAuthTokens(tx, userId, 'reset_password', ctx.clock.now());
  });
  // This device's socket ends too: it was opened with the old token, and the app reconnects with the new one.
  ctx.events.emit('user.sessions_ended', { userId, reason: 'password_changed' });
  return issueSession(ctx, userId);
}

async function sendVerificationEmail(ctx: AppContext, userId: number, email: string): Promise<void> {
  const token = await issueMailedToken(ctx, userId, 'verify_email', VERIFY_TOKEN_TTL_MS);
  if (!token) return;
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await ctx.mailer.send({
    to: email,
    subject: 'Verify your Farmstand e-mail address',
    heading: 'Welcome! Please confirm your e-mail address',
    paragraphs: [
      'Thank you for signing up. Confirm your e-mail address with the button below (the link is valid for 48 hours) and your account is ready.',
      'If you did not create an account, ignore this e-mail.',
    ],
    action: { label: 'Confirm my e-mail address', url: link },
    reason: `You are getting this because an account was created with ${email}.`,
  });
}

/**
 * A new single-use token for an e-mailed link, or null when this address already got
 * MAILS_PER_ADDRESS_PER_HOUR of that kind in the last hour (the caller then sends nothing and
 * answers as usual, so nobody learns anything). The count lives in the database, so the cap holds
 * across instances; the row lock makes concurrent requests for one account take turns.
 * A new reset or sign-in link retires the older ones: only the newest works.
 */
async function issueMailedToken(
  ctx: AppContext,
  userId: number,
  kind: repo.AuthTokenKind,
  ttlMs: number,
): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const now = ctx.clock.now();
    const sent = await repo.countAuthTokensSince(tx, userId, kind, new Date(now.getTime() - HOUR_MS));
    if (sent >= MAILS_PER_ADDRESS_PER_HOUR) return null;
    if (kind !== 'verify_email') await repo.retireAuthTokens(tx, userId, kind, now);
    const { token, hash } = createOneTimeToken();
    await repo.insertAuthToken(tx, { userId, kind, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
    return token;
  });
}
