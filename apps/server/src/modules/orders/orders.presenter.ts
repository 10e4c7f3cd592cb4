import type { Order, OrderStatus } from '@farmstand/shared/schemas/orders';
import { allowedMoves, type OrderRole } from './orders.policy';
import type { OrderDetails } from './orders.repository';

const money = (n: number | string) => Math.round(Number(n) * 100) / 100;

/**
 * What leaves the server about an order. The shopper's account e-mail goes to the producer (and
 * admins) of this order only; `allowed` lists the moves this viewer may make now.
 */
export function presentOrder(row: OrderDetails, role: OrderRole, at: Date): Order {
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
    delivery_fee: money(row.deliveryFee),
    items: row.items.map((item) => ({
      product_id: item.productId,
      name: item.productName,
      price_unit: item.priceUnit,
      unit_price: money(item.unitPrice),
      quantity: item.quantity,
      line_total: money(Number(item.unitPrice) * item.quantity),
      ordered_quantity: item.orderedQuantity,
      short_reason: item.shortReason,
    })),
    subtotal: money(row.subtotal),
    total: money(row.total),
    note: row.note,
    decline_reason: row.declineReason,
    conversation_id: row.conversationId,
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
