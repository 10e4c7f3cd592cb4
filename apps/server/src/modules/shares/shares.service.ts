import { ORDER_LIMITS } from '@farmstand/shared/constants/orders';
import { shareCents, toMilli } from '@farmstand/shared/format/by-weight';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents, toCents, toCentsOrNull } from '@farmstand/shared/format/money';
import {
  type CutSheetRequest,
  type DepositRequest,
  type MyShareList,
  type ReserveShareRequest,
  type ShareBillRequest,
  type ShareCancelRequest,
  type ShareReservation,
  type ShareReservationList,
  shareEstimateCents,
  shareLabel,
} from '@farmstand/shared/schemas/shares';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { Site } from '../../lib/email-template';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import { forgetPublicProduct } from '../../lib/public-products';
import { localDate } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { mailFarmNow } from '../orders';
import { canViewProduct, findProductWithProducer, sharesTaken, updateProduct } from '../products';
import { SHARE_MAIL_PENDING } from './share-mail';
import { assertBillPlausible, assertCanBill, assertStatus, cutSheetOpen, roleOfShare, SHARE_NOT_FOUND } from './shares.policy';
import { presentShare } from './shares.presenter';
import * as repo from './shares.repository';

/**
 * Meat shares (decision 512): a shopper reserves shares of an animal the farm raises; the farm
 * records the deposit it took itself, the shopper fills in the cut sheet before its deadline, the
 * farm enters the bill from the processor's hanging weight and fees, marks it ready, and hands it
 * over, paid at pickup. Farmstand never handles the money.
 */

const date = (text: string) => formatDateOnly(text, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const SHARE_PRODUCT_NOT_FOUND = 'Share not found';

/** Sold out when every share is taken, available again when one comes back: lists and search show it. */
async function showAvailability(tx: Db, productId: number, availability: string, left: number): Promise<void> {
  const next = left <= 0 ? 'sold_out' : availability === 'sold_out' ? 'available' : availability;
  if (next !== availability) await updateProduct(tx, productId, { availability: next });
}

type Mail = { to: string | null; subject: string; lines: string[] };

/**
 * Writes the mail in the transaction; the returned step sends it after the commit. The site's
 * settings are read before the transaction (`site`): on the embedded database a read outside the
 * transaction would wait for it to end.
 */
async function queueMail(ctx: AppContext, tx: Db, site: Site, mail: Mail): Promise<() => void> {
  if (!mail.to) return () => {};
  const rendered = await ctx.mailer.render({ to: mail.to, subject: mail.subject, text: mail.lines.join('\n') }, site);
  const id = await insertOutboxRow(tx, rendered);
  // The row is committed with the change, so a failed send only delays it (jobs/mail-recovery.ts).
  return () => void ctx.mailer.dispatch(id, rendered).catch((error) => console.error('share mail failed', error));
}

const link = (ctx: AppContext, path: string) => `${ctx.config.publicUrl}${path}`;

export async function reserveShare(ctx: AppContext, user: AuthUser, input: z.output<typeof ReserveShareRequest>) {
  const now = ctx.clock.now();
  const site = await ctx.mailer.site();
  const { max_shares_per_shopper: cap } = await ctx.settings.get('features');
  const { id, send, productId } = await ctx.db.transaction(async (tx) => {
    // The product row's lock makes parallel reservations of one animal count one after the other.
    const locked = await repo.lockShareProduct(tx, input.product_id);
    const page = locked ? await findProductWithProducer(tx, input.product_id) : undefined;
    const terms = locked?.product.share;
    if (!locked || !page || !terms || !canViewProduct(null, page)) throw notFound(SHARE_PRODUCT_NOT_FOUND);
    if (locked.producerUserId === user.id) throw forbidden('You cannot reserve a share of your own farm');
    if (localDate(now, terms.time_zone) > terms.cut_sheet_due)
      throw conflict(`Reservations for this share closed on ${date(terms.cut_sheet_due)}, its cut sheet deadline`);
    const total = terms.animals_available * terms.parts;
    const left = total - (await sharesTaken(tx, input.product_id));
    if (left <= 0) throw conflict('Every share of this animal is reserved');
    if (locked.product.availability === 'sold_out')
      throw conflict('The farm is not taking reservations for this share right now');
    if (input.quantity > left)
      throw conflict(`Only ${left} ${left === 1 ? 'share is' : 'shares are'} left: reserve ${left} or fewer`);
    // Counted under the product's lock, so parallel reservations of one shopper cannot pass the cap together.
    const held = await repo.sharesHeldBy(tx, input.product_id, user.id);
    if (held + input.quantity > cap)
      throw conflict(
        held >= cap
          ? `You already hold ${held} ${held === 1 ? 'share' : 'shares'} of ${locked.product.name}, the most one shopper may reserve: other shoppers get the rest`
          : `One shopper may hold at most ${cap} shares of ${locked.product.name}, and you hold ${held}: reserve ${cap - held} or fewer`,
      );
    const pricePerLbCents = locked.product.priceCents ?? 0;
    const estimateCents = shareEstimateCents(pricePerLbCents, terms) * input.quantity;
    if (estimateCents > ORDER_LIMITS.maxTotalCents)
      throw badRequest(
        `A reservation can come to at most ${formatCents(ORDER_LIMITS.maxTotalCents)}; ${input.quantity} shares come to about ${formatCents(estimateCents)}: reserve fewer`,
        'quantity',
      );
    const newId = await repo.insertShare(tx, {
      productId: input.product_id,
      productName: locked.product.name,
      customerId: user.id,
      producerUserId: locked.producerUserId,
      shopperName: input.shopper_name,
      shopperPhone: input.shopper_phone ?? user.phone ?? null,
      quantity: input.quantity,
      terms,
      reservedCutSheetDue: terms.cut_sheet_due,
      pricePerLbCents,
      hangingEstimate: terms.hanging_weight,
      feeEstimateCents: toCents(terms.processing_fee),
      depositRequestedCents: toCentsOrNull(terms.deposit),
    });
    await showAvailability(tx, input.product_id, locked.product.availability, left - input.quantity);
    const estimate = formatCents(estimateCents);
    // The farm's first notice of a mail period goes out now, later ones wait for its digest (decision 520).
    const farmEmail = await repo.emailOf(tx, locked.producerUserId);
    const mailNow =
      farmEmail !== null && (await mailFarmNow(tx, locked.producerUserId, newId, 'requested', now, SHARE_MAIL_PENDING));
    const send = await queueMail(ctx, tx, site, {
      to: mailNow ? farmEmail : null,
      subject: `New share reservation: ${input.quantity} × ${shareLabel(terms)}`,
      lines: [
        `${input.shopper_name} reserved ${input.quantity} × ${locked.product.name} (${shareLabel(terms)}), about ${estimate}.`,
        ...(terms.deposit !== null
          ? [`Deposit asked: ${formatCents(toCents(terms.deposit) * input.quantity)}; record it once you have it.`]
          : []),
        `Cut sheet due by ${date(terms.cut_sheet_due)}; processing at ${terms.processor} on ${date(terms.processing_date)}.`,
        '',
        `See your shares: ${link(ctx, '/dashboard?tab=orders')}`,
      ],
    });
    return { id: newId, send, productId: input.product_id };
  });
  send();
  forgetPublicProduct(ctx, productId);
  return readShare(ctx, user, id);
}

async function readShare(ctx: AppContext, user: AuthUser, id: number): Promise<ShareReservation> {
  const row = await repo.findShare(ctx.db, id);
  if (!row) throw notFound(SHARE_NOT_FOUND);
  return presentShare(row, roleOfShare(row.share, user), ctx.clock.now());
}

export const getShare = readShare;

export async function listMyShares(ctx: AppContext, user: AuthUser): Promise<MyShareList> {
  const now = ctx.clock.now();
  const { max_shares_per_shopper: cap } = await ctx.settings.get('features');
  return {
    shares: (await repo.listOfCustomer(ctx.db, user.id)).map((row) => presentShare(row, 'shopper', now)),
    max_per_product: cap,
  };
}

export async function listReceivedShares(ctx: AppContext, producer: AuthUser): Promise<ShareReservationList> {
  const now = ctx.clock.now();
  return { shares: (await repo.listOfProducer(ctx.db, producer.id)).map((row) => presentShare(row, 'producer', now)) };
}

/**
 * One change of a share, under its row's lock: `change` checks the rules and returns the columns
 * to set and an optional mail; the answer is the share as the caller sees it.
 */
async function changeShare(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  change: (
    row: repo.ShareRow,
    role: ReturnType<typeof roleOfShare>,
    now: Date,
    tx: Db,
  ) => Promise<{ set: Parameters<typeof repo.updateShare>[2]; mail?: Mail }>,
): Promise<ShareReservation> {
  const now = ctx.clock.now();
  const site = await ctx.mailer.site();
  const send = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockShare(tx, id);
    if (!row) throw notFound(SHARE_NOT_FOUND);
    const { set, mail } = await change(row, roleOfShare(row, user), now, tx);
    await repo.updateShare(tx, id, set);
    if (set.status === 'cancelled' && row.productId !== null) {
      const locked = await repo.lockShareProduct(tx, row.productId);
      const terms = locked?.product.share;
      if (locked && terms)
        await showAvailability(
          tx,
          row.productId,
          locked.product.availability,
          terms.animals_available * terms.parts - (await sharesTaken(tx, row.productId)),
        );
    }
    return mail ? queueMail(ctx, tx, site, mail) : () => {};
  });
  send();
  return readShare(ctx, user, id);
}

const producerOnly = (role: string, doing: string) => {
  if (role === 'admin') throw forbidden(`Admins can look at shares but not change them; the farm ${doing}`);
  if (role !== 'producer') throw forbidden(`Only the farm ${doing}`);
};

export function submitCutSheet(ctx: AppContext, user: AuthUser, id: number, input: z.output<typeof CutSheetRequest>) {
  return changeShare(ctx, user, id, async (row, role, now) => {
    if (role !== 'shopper') throw forbidden('Only the shopper who reserved the share fills in its cut sheet');
    assertStatus(row, ['reserved'], 'given a new cut sheet');
    if (!cutSheetOpen(row, now))
      throw conflict(`The cut sheet closed on ${date(row.terms.cut_sheet_due)}: message the farm to change your cuts`);
    const answers = row.terms.cut_sheet.map((question) => {
      const given = input.answers.find((a) => a.question.toLowerCase() === question.label.toLowerCase());
      if (!given) throw badRequest(`Choose an answer for “${question.label}”`, 'answers');
      const option = question.options.find((o) => o.toLowerCase() === given.answer.toLowerCase());
      if (!option) throw badRequest(`“${given.answer}” is not one of the answers for “${question.label}”`, 'answers');
      return { question: question.label, answer: option };
    });
    const unknown = input.answers.find((a) => !answers.some((q) => q.question.toLowerCase() === a.question.toLowerCase()));
    if (unknown) throw badRequest(`This cut sheet has no question “${unknown.question}”: reload it`, 'answers');
    return { set: { cutSheet: { answers, notes: input.notes }, cutSheetAt: now } };
  });
}

/** One share's estimate as reserved: its copied price per lb, expected hanging weight and fees. */
const reservedEstimateCents = (row: repo.ShareRow) =>
  shareCents({
    pricePerLbCents: row.pricePerLbCents,
    hangingMilli: toMilli(row.hangingEstimate),
    feesCents: row.feeEstimateCents,
  });

export function recordDeposit(ctx: AppContext, user: AuthUser, id: number, input: DepositRequest) {
  return changeShare(ctx, user, id, async (row, role, now) => {
    producerOnly(role, 'records the deposit it received');
    assertStatus(row, ['reserved', 'processed', 'ready'], 'given a deposit');
    const estimate = reservedEstimateCents(row);
    if (input.amount !== null && toCents(input.amount) > estimate * row.quantity)
      throw badRequest(
        `The deposit cannot be more than the share’s estimate of ${formatCents(estimate * row.quantity)}`,
        'amount',
      );
    return { set: { depositReceivedCents: toCentsOrNull(input.amount), depositReceivedAt: input.amount === null ? null : now } };
  });
}

export function enterBill(ctx: AppContext, user: AuthUser, id: number, input: z.output<typeof ShareBillRequest>) {
  return changeShare(ctx, user, id, async (row, role, now, tx) => {
    producerOnly(role, 'enters the bill');
    assertCanBill(row, now);
    const { pricePerLbCents } = row;
    const feesCents = toCents(input.processing_fees);
    assertBillPlausible(
      {
        cents: shareCents({
          pricePerLbCents,
          hangingMilli: toMilli(input.hanging_weight),
          feesCents,
        }),
        hangingWeight: input.hanging_weight,
        confirm: input.confirm,
      },
      {
        cents: reservedEstimateCents(row) * row.quantity,
        hangingWeight: Number(row.hangingEstimate) * row.quantity,
      },
    );
    const billed = { ...row, hangingWeight: input.hanging_weight, processingFeesCents: feesCents };
    const due = presentShare({ share: billed, farmName: '', inspection: null }, 'producer', now).amount_due ?? 0;
    return {
      set: {
        hangingWeight: input.hanging_weight,
        processingFeesCents: feesCents,
        billedAt: now,
        billedBy: user.id,
        status: 'processed',
      },
      mail: {
        to: await repo.emailOf(tx, row.customerId),
        subject: `Your ${shareLabel(row.terms).toLowerCase()} is processed: ${formatCents(toCents(due))} at pickup`,
        lines: [
          `${row.productName}: ${input.hanging_weight} lb hanging weight at ${formatCents(pricePerLbCents)}/lb, plus ${formatCents(feesCents)} processing.`,
          ...(row.depositReceivedCents !== null ? [`Less your deposit of ${formatCents(row.depositReceivedCents)}.`] : []),
          `To pay the farm at pickup: ${formatCents(toCents(due))}. The farm will tell you when it is ready.`,
          '',
          `See your share: ${link(ctx, '/orders')}`,
        ],
      },
    };
  });
}

export function markReady(ctx: AppContext, user: AuthUser, id: number, note: string) {
  return changeShare(ctx, user, id, async (row, role, _now, tx) => {
    producerOnly(role, 'says when the share is ready');
    assertStatus(row, ['processed', 'ready'], 'marked ready before its bill is entered');
    return {
      set: { status: 'ready', readyNote: note },
      mail: {
        to: await repo.emailOf(tx, row.customerId),
        subject: `Your ${shareLabel(row.terms).toLowerCase()} is ready for pickup`,
        lines: [`${row.productName} is ready: ${note}`, '', `See your share: ${link(ctx, '/orders')}`],
      },
    };
  });
}

export function markPickedUp(ctx: AppContext, user: AuthUser, id: number) {
  return changeShare(ctx, user, id, async (row, role) => {
    producerOnly(role, 'marks a share picked up');
    assertStatus(row, ['ready'], 'picked up before it is ready');
    return { set: { status: 'picked_up' } };
  });
}

export function cancelShare(ctx: AppContext, user: AuthUser, id: number, input: z.output<typeof ShareCancelRequest>) {
  return changeShare(ctx, user, id, async (row, role, now, tx) => {
    if (role === 'admin') throw forbidden('Admins can look at shares but not change them');
    if (role === 'shopper') {
      assertStatus(row, ['reserved'], 'cancelled here');
      if (!cutSheetOpen(row, now))
        throw conflict(
          `The cut sheet deadline (${date(row.terms.cut_sheet_due)}) has passed and the animal is booked for processing: message the farm to cancel`,
        );
      // As a new reservation: the first notice of the farm's mail period now, the rest in its digest.
      const farmEmail = await repo.emailOf(tx, row.producerUserId);
      const mailNow =
        farmEmail !== null && (await mailFarmNow(tx, row.producerUserId, row.id, 'cancelled', now, SHARE_MAIL_PENDING));
      return {
        set: { status: 'cancelled', cancelReason: input.reason },
        mail: {
          to: mailNow ? farmEmail : null,
          subject: `Share reservation cancelled: ${row.quantity} × ${shareLabel(row.terms)}`,
          lines: [
            `${row.shopperName} cancelled ${row.quantity} × ${row.productName}.`,
            ...(input.reason ? [`Reason: ${input.reason}`] : []),
          ],
        },
      };
    }
    assertStatus(row, ['reserved', 'processed', 'ready'], 'cancelled');
    if (!input.reason) throw badRequest('Say why you cancel: the shopper reads it', 'reason');
    return {
      set: { status: 'cancelled', cancelReason: input.reason },
      mail: {
        to: await repo.emailOf(tx, row.customerId),
        subject: `Your ${shareLabel(row.terms).toLowerCase()} was cancelled by the farm`,
        lines: [
          `The farm cancelled your ${row.quantity} × ${row.productName}.`,
          `Reason: ${input.reason}`,
          '',
          link(ctx, '/orders'),
        ],
      },
    };
  });
}
