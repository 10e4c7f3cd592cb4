import type { Inquiry } from '@farmstand/shared/schemas/inquiries';
import type { listReceived, listSent } from './inquiries.repository';

type ReceivedRow = Awaited<ReturnType<typeof listReceived>>['rows'][number];
type SentRow = Awaited<ReturnType<typeof listSent>>['rows'][number];

function presentBase(row: ReceivedRow | SentRow): Inquiry {
  return {
    id: row.id,
    product: { id: row.productId, name: row.productName, primary_image_url: row.productImage },
    message: row.message,
    contactPreference: row.contactPreference,
    requestedQuantity: row.requestedQuantity,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    conversationId: row.conversationId === null ? null : Number(row.conversationId),
  };
}

/** The producer sees the customer's phone only when the customer asked to be called. */
export function presentReceived(row: ReceivedRow): Inquiry {
  const wantsPhone = row.contactPreference === 'phone' || row.contactPreference === 'both';
  return {
    ...presentBase(row),
    customer: { id: row.customerId, email: row.customerEmail, phone: wantsPhone ? row.customerPhone : null },
  };
}

export function presentSent(row: SentRow): Inquiry {
  return { ...presentBase(row), producer: { user_id: row.producerUserId, farm_name: row.farmName } };
}
