import { haversineMiles } from '@farmstand/shared';
import { toCents } from '@farmstand/shared/format/by-weight';
import { ORDER_LIMITS, ORDER_TEXTS, type PlaceOrderRequest } from '@farmstand/shared/schemas/orders';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { insertOutboxRow } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { assertTakesPlanned } from '../benefits/benefits.service';
import { geocode } from '../geocode/geocode.service';
import { announceMessage, assertMessagingEnabled, type PostedMessage } from '../messages/messages.service';
import { countOpenOrdersInWindow, type findFarm, lockPoint, productsPlaceLimits } from '../pickup/pickup.repository';
import { resolveWindow } from '../pickup/pickup.service';
import { dayScope } from '../pickup/place-rules';
import { checkLines, lineOffer, lineRefusal, orderAmounts, quantityPerProduct, readLineProducts } from './order-lines';
import { farmTimeZone, mailFarmNow, newOrderMail, orderSummaryAfterNumber, when } from './order-mail';
import { dayLimitRefusal, insertOrder, type LimitRefusal, type NewItem, shopperLimitRefusal } from './order-placement.repository';
import { assertInSeason, assertMinimumOrder, assertOrderable, assertTotalWithinLimit, dayLimitMessage } from './orders.policy';
import { presentOrder } from './orders.presenter';
import type { OrderProduct } from './orders.repository';
import * as repo from './orders.repository';

type PlaceInput = z.output<typeof PlaceOrderRequest>;

/**
 * Placing a reservation (decision 514 for standing ones): every rule checked before the transaction,
 * the window's cap again inside it under the pickup point's row lock. The order's moves, lists and
 * thread are `orders.service.ts`.
 */

/** Dollars → integer cents (the shared rule of decision 510). */
export const cents = toCents;
const EXPIRY_MS = ORDER_LIMITS.expiryHours * 3_600_000;

/**
 * Places a reservation: every rule is checked before the transaction; the cap is
 * checked again inside it under the pickup point's row lock, so two shoppers cannot both take the
 * last place. Stock is not taken here: it is reserved when the producer accepts.
 */
/**
 * `standing`: the standing reservation placing this window's order (decision 514). Its gate runs
 * first inside the transaction (it locks the standing reservation and refuses a skipped, stopped
 * or already placed window), and the order carries its id: one order per standing reservation and
 * window, whatever runs at once.
 */
export type StandingPlacement = { id: number; gate: (tx: Db, windowStart: Date) => Promise<void> };

/** A CSA share's line: no product, one per pickup, at the size's price; the box's items come with it free. */
const shareLine = {
  productId: null,
  variantId: null,
  variantName: null,
  priceUnit: 'share',
  weightUnit: null,
  packMin: null,
  packMax: null,
  weights: null,
  finalAmount: null,
  quantity: 1,
};

export async function placeOrder(
  ctx: AppContext,
  shopper: AuthUser,
  input: PlaceInput,
  options: { standing?: StandingPlacement; box?: { name: string; price: number } } = {},
) {
  if (input.producerUserId === shopper.id) throw forbidden('You cannot reserve your own products');
  // Everything the rules need, in two reads at once: the basket's lines (the one line check); the
  // pickup window with the producer's rules and farm (with its owner's e-mail for the notice).
  // Failures keep their order.
  const [found, windowOrError] = await Promise.all([
    checkLines(ctx, input.producerUserId, input.items),
    resolveWindow(ctx, input.producerUserId, input.pointId, new Date(input.startsAt)).catch((error: unknown) => ({ error })),
  ]);
  const perProduct = quantityPerProduct(input.items);
  const lines = input.items.map((line) => {
    const product = found.products.get(line.productId) as OrderProduct;
    const offer = lineOffer(product, line.variantId, found.variants);
    // A variant's stock stands in for the product's (the product row tracks none of its own); the
    // quantity cap of an untracked product judges its lines together.
    const stocked = { ...product, stockQuantity: offer.stockQuantity };
    assertOrderable(stocked, line.quantity, perProduct.get(product.id));
    return { line, product, offer };
  });
  if ('error' in windowOrError) throw windowOrError.error;
  const window = windowOrError;
  for (const { product } of lines) assertInSeason(product, window.occurrence.date);

  const { farm } = window;
  if (!farm) throw notFound('Producer not found');
  const plannedBenefits = input.plannedBenefits ?? [];
  await assertTakesPlanned(ctx, farm, plannedBenefits, window.occurrence.date);
  const { box } = options;
  const newItems: NewItem[] = lines.map(({ line, product, offer }) => ({
    productId: product.id as number | null,
    productName: product.name,
    variantId: offer.variantId,
    variantName: offer.variantName,
    priceUnit: offer.priceUnit,
    // A CSA box's items are in the share's price (decision 515).
    unitPrice: box ? 0 : offer.unitPrice,
    weightUnit: offer.weightUnit,
    packMin: offer.packMin,
    packMax: offer.packMax,
    weights: null,
    finalAmount: null,
    quantity: line.quantity,
  }));
  if (box) newItems.push({ ...shareLine, productName: box.name, unitPrice: box.price });
  // By weight, the limits judge the estimate: what the shopper is told to expect (decision 510).
  const amounts = orderAmounts(newItems, 0);
  const subtotal = amounts.subtotalCents;
  assertTotalWithinLimit(subtotal);
  assertMinimumOrder(window.point, subtotal);
  const delivery = await deliveryFor(ctx, window, farm, input.deliveryAddress);

  const at = ctx.clock.now();
  const feeCents = cents(delivery?.fee ?? 0);
  assertTotalWithinLimit(subtotal + feeCents);
  const messagingOn = await assertMessagingEnabled(ctx).then(
    () => true,
    () => false,
  );
  const timeZone = window.point.timeZone;

  const newOrder = {
    customerId: shopper.id,
    producerUserId: input.producerUserId,
    pointId: window.point.id,
    pointKind: window.point.kind,
    pointName: window.point.name,
    pointAddress:
      window.point.kind === 'delivery'
        ? null
        : [window.point.address, window.point.city, window.point.state, window.point.zip].filter(Boolean).join(', '),
    timeZone,
    booth: window.point.booth,
    windowStart: window.occurrence.startsAt,
    windowEnd: window.occurrence.endsAt,
    windowDate: window.occurrence.date,
    cutoffAt: window.cutoffAt,
    shopperName: input.shopperName,
    shopperPhone: input.shopperPhone ?? shopper.phone ?? null,
    deliveryAddress: delivery?.address ?? null,
    deliveryMiles: delivery?.miles ?? null,
    deliveryFee: feeCents / 100,
    subtotal: subtotal / 100,
    total: (subtotal + feeCents) / 100,
    byWeight: amounts.byWeight,
    estimatedTotal: amounts.byWeight ? (subtotal + feeCents) / 100 : null,
    weighedAt: null,
    weighedBy: null,
    note: input.note,
    expiresAt: new Date(at.getTime() + EXPIRY_MS),
    standingId: options.standing?.id ?? null,
    plannedBenefits,
    createdAt: at,
    updatedAt: at,
  };
  // One transaction writes the order, its lines and first event, the opening message of its thread
  // and the producer's mail: all or nothing. With a cap, the window's orders are counted again under
  // the pickup point's row lock, so two shoppers cannot both take the last place; the shopper's
  // limits are counted under the shopper's row lock (parallel requests of one account cannot pass).
  const cap = window.settings.capPerWindow;
  // Read before the transaction: inside it, everything goes through its own connection (a second
  // one, waited for while holding the first, could starve the pool under load).
  const site = farm.email ? await ctx.mailer.site() : null;
  const placeLimits = await productsPlaceLimits(ctx.db, [...perProduct.keys()]);
  const result = await ctx.db.transaction(async (tx) => {
    await options.standing?.gate(tx, window.occurrence.startsAt);
    if (cap !== null) {
      await lockPoint(tx, window.point.id);
      const taken = await countOpenOrdersInWindow(tx, window.point.id, window.occurrence.startsAt);
      if (taken >= cap) throw conflict('That pickup time is full; choose another time');
    }
    const refused = await shopperLimitRefusal(tx, newOrder, SHOPPER_LIMITS, ctx.clock.now());
    if (refused) return refused;
    // The day limit judges each product's quantity over all its lines (variants share the product's limit).
    const overDay = await dayLimitRefusal(
      tx,
      [...perProduct].map(([productId, quantity]) => {
        const product = found.products.get(productId) as OrderProduct;
        // A place's own day limit for the product counts that place's orders; the product's, the others' (decision 543).
        const scope = dayScope(placeLimits, productId, window.point.id);
        return { productId, quantity, dayLimit: scope.dayLimit ?? product.dayLimit, name: product.name, scope: scope.scope };
      }),
      input.producerUserId,
      window.occurrence.date,
    );
    if (overDay) throw conflict(dayLimitMessage(overDay, window.occurrence.date));
    const { order, items } = await insertOrder(tx, newOrder, newItems);
    const message = messagingOn
      ? await repo.insertOrderMessage(tx, {
          orderId: order.id,
          senderId: shopper.id,
          recipientId: input.producerUserId,
          content: `Order #${order.id}${orderSummaryAfterNumber(newItems, window.point.name, order.windowStart, timeZone, input.note)}`,
        })
      : null;
    // The farm's first order of a mail period is mailed at once; later ones wait for the digest.
    const mail =
      farm.email && (await mailFarmNow(tx, input.producerUserId, order.id, 'requested', at))
        ? await ctx.mailer.render(
            newOrderMail(ctx, farm.email, order, newItems, input.shopperName, timeZone, farmTimeZone(farm)),
            site ?? undefined,
          )
        : null;
    const mailId = mail ? await insertOutboxRow(tx, mail) : null;
    return { order: { ...order, conversationId: message?.conversationId ?? null }, items, message, mail, mailId };
  });
  if ('refused' in result) throw limitRefusal(result.refused, farm.farmName);
  const { order, items } = result;
  const posted: PostedMessage | null = result.message
    ? {
        conversationId: result.message.conversationId,
        recipientId: input.producerUserId,
        message: result.message,
        opensOrder: true,
      }
    : null;

  if (posted) announceMessage(ctx, shopper, posted);
  const label = `Order #${order.id}`;
  ctx.events.emit('order.changed', {
    orderId: order.id,
    status: 'requested',
    previousStatus: null,
    actorRole: 'shopper',
    customerId: shopper.id,
    producerUserId: input.producerUserId,
    shopperMessage: `${label} sent to ${farm.farmName}`,
    producerMessage: `New order #${order.id} from ${input.shopperName} for ${when(order.windowStart, timeZone)}`,
  });
  // Delivered after the answer: a slow mail server never slows down ordering. The row is committed,
  // so a failure here only delays it (the sweep hands over mail left queued, jobs/mail-recovery.ts).
  if (result.mail && result.mailId !== null)
    void ctx.mailer.dispatch(result.mailId, result.mail).catch((error) => console.error('order mail failed', error));

  return {
    message: ORDER_TEXTS.placed,
    order: presentOrder(
      {
        ...order,
        farmName: farm.farmName,
        customerEmail: shopper.email,
        items,
        events: [
          {
            id: 0,
            orderId: order.id,
            fromStatus: null,
            toStatus: 'requested',
            actorId: shopper.id,
            actorRole: 'shopper',
            reason: null,
            createdAt: at,
          },
        ],
      },
      'shopper',
      at,
    ),
  };
}

/**
 * Each basket line that cannot be reserved for that date, with the reason in words, by the same
 * rules placing checks (a standing reservation leaves such lines out of its week and says why).
 */
export async function unorderableLines(
  ctx: AppContext,
  producerUserId: number,
  items: PlaceInput['items'],
  windowDate: string,
): Promise<Map<number, string>> {
  const found = await readLineProducts(ctx, items);
  const perProduct = quantityPerProduct(items);
  const refused = new Map<number, string>();
  items.forEach((line, index) => {
    try {
      const wrong = lineRefusal(line, index, found, producerUserId);
      if (wrong) throw wrong;
      const product = found.products.get(line.productId) as OrderProduct;
      const offer = lineOffer(product, line.variantId, found.variants);
      const stocked = { ...product, stockQuantity: offer.stockQuantity };
      assertInSeason(assertOrderable(stocked, line.quantity, perProduct.get(product.id)), windowDate);
    } catch (error) {
      refused.set(index, (error as Error).message);
    }
  });
  return refused;
}

/** Delivery days need an address inside the farm's delivery radius; the fee is the delivery place's. */
async function deliveryFor(
  ctx: AppContext,
  window: Awaited<ReturnType<typeof resolveWindow>>,
  farm: NonNullable<Awaited<ReturnType<typeof findFarm>>>,
  address: string | null,
) {
  if (window.point.kind !== 'delivery') return null;
  const radius = farm.deliveryAvailable ? (farm.deliveryRadius ?? 0) : 0;
  if (radius <= 0) throw badRequest(`${farm.farmName} does not deliver any more; choose a pickup place`, 'pointId');
  if (!address) throw badRequest('Enter the delivery address (street, city and ZIP code)', 'deliveryAddress');
  if (farm.latitude === null || farm.longitude === null) {
    throw badRequest(
      `${farm.farmName} has no map location yet, so delivery distance cannot be checked; choose a pickup place`,
      'pointId',
    );
  }
  const place = await geocode(ctx, address).catch(() => null);
  if (!place) throw badRequest('We could not find that address; check it and include the ZIP code', 'deliveryAddress');
  const miles = haversineMiles(farm.latitude, farm.longitude, place.latitude, place.longitude);
  if (miles > radius) {
    throw badRequest(
      `That address is ${miles.toFixed(1)} miles from the farm; ${farm.farmName} delivers within ${radius} miles. Choose a pickup place instead`,
      'deliveryAddress',
    );
  }
  return { address, miles, fee: window.point.deliveryFee ?? 0 };
}

const SHOPPER_LIMITS = { perFarm: ORDER_LIMITS.openPerShopperPerFarm, perWindow: ORDER_LIMITS.openPerShopperPerWindow };

/** What a shopper past a limit is told (409: their own open orders are in the way). */
function limitRefusal(refused: LimitRefusal['refused'], farmName: string) {
  return refused === 'farm'
    ? conflict(
        `You already have ${ORDER_LIMITS.openPerShopperPerFarm} open orders with ${farmName}. Pick one up or cancel one before reserving again, or message the farm`,
      )
    : conflict(
        `You already have an order for this pickup time. Cancel it and reserve again with everything in one basket, or choose another time`,
      );
}
