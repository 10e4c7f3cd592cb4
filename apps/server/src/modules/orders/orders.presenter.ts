import { toDollars } from '@farmstand/shared/format/money';
import type { Order, OrderStatus } from '@farmstand/shared/schemas/orders';
import { itemAmounts, orderAmounts } from './order-lines';
import { allowedMoves, type OrderRole } from './orders.policy';
import type { OrderDetails } from './orders.repository';

/**
 * What leaves the server about an order. The shopper's account e-mail and the benefits they plan to
 * pay with go to the two sides (and admins) of this order only; `allowed` lists the moves this
 * viewer may make now.
 */
export function presentOrder(row: OrderDetails, role: OrderRole, at: Date): Order {
  const totals = orderAmounts(row.items, row.deliveryFeeCents);
  return {
    id: row.id,
    status: row.status,
    producer: { user_id: row.producerUserId, farm_name: row.farmName },
    shopper: {
      id: row.customerId,
      name: row.shopperName,
      phone: row.shopperPhone,
      email: role === 'none' ? null : row.customerEmail,
    },
    fulfilment: row.pointKind === 'delivery' ? 'delivery' : 'pickup',
    place: { point_id: row.pointId, kind: row.pointKind, name: row.pointName, address: row.pointAddress },
    window: {
      starts_at: row.windowStart.toISOString(),
      ends_at: row.windowEnd.toISOString(),
      cutoff_at: row.cutoffAt.toISOString(),
      date: row.windowDate,
      time_zone: row.timeZone,
    },
    booth: row.booth,
    delivery_address: row.deliveryAddress,
    delivery_miles: row.deliveryMiles === null ? null : Math.round(row.deliveryMiles * 10) / 10,
    delivery_fee: toDollars(row.deliveryFeeCents),
    items: row.items.map((item) => {
      const amounts = itemAmounts(item);
      return {
        id: item.id,
        product_id: item.productId,
        variant_id: item.variantId,
        name: item.productName,
        variant_name: item.variantName,
        price_unit: item.priceUnit,
        unit_price: toDollars(item.unitPriceCents),
        quantity: item.quantity,
        line_total: toDollars(amounts.estimateCents),
        ordered_quantity: item.orderedQuantity,
        short_reason: item.shortReason,
        weight_unit: item.weightUnit,
        pack_min: item.packMin === null ? null : Number(item.packMin),
        pack_max: item.packMax === null ? null : Number(item.packMax),
        line_min: toDollars(amounts.minCents),
        line_max: toDollars(amounts.maxCents),
        weights: item.weights === null ? null : item.weights.map(Number),
      };
    }),
    subtotal: toDollars(row.subtotalCents),
    total: toDollars(row.totalCents),
    by_weight: row.byWeight,
    estimated: totals.estimated,
    total_min: toDollars(totals.minCents),
    total_max: toDollars(totals.maxCents),
    lines_to_weigh: totals.linesToWeigh,
    lines_weighed: totals.linesWeighed,
    total_so_far: toDollars(totals.soFarCents),
    estimated_total: row.estimatedTotalCents === null ? null : toDollars(row.estimatedTotalCents),
    weighed_at: row.weighedAt === null ? null : row.weighedAt.toISOString(),
    note: row.note,
    decline_reason: row.declineReason,
    standing_id: row.standingId,
    // Told by the shopper to this farm for this order (decision 516): its two sides and admins only.
    planned_benefits: role === 'none' ? [] : row.plannedBenefits,
    conversation_id: row.conversationId,
    market_order_id: row.marketOrderId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    events: row.events.map((event) => ({
      status: event.toStatus as OrderStatus,
      actor: event.actorRole,
      at: event.createdAt.toISOString(),
      reason: event.reason,
    })),
    allowed: allowedMoves(row, role, at),
  };
}
