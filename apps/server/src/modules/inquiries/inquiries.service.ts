import { CONTACT_PREFERENCE_LABELS, type ContactPreference } from '@farmstand/shared/constants/messaging';
import type { InquiryListResponse, InquiryResponse } from '@farmstand/shared/schemas/inquiries';
import type { AppContext } from '../../lib/context';
import type { AuthUser } from '../../plugins/auth';
import { announceMessage, postMessage } from '../messages';
import { assertCanInquire } from './inquiries.policy';
import { presentReceived, presentSent } from './inquiries.presenter';
import * as repo from './inquiries.repository';

type InquiryInput = {
  productId: number;
  message: string;
  contactPreference: ContactPreference;
  /** Absent for a question (the product page's form, decision 533): stored as 1, the column's default, and not told. */
  requestedQuantity?: number;
};

/** How the inquiry reads in the conversation: the product is attached to the message as well. */
export function inquiryMessageText(productName: string, input: InquiryInput): string {
  const contact = CONTACT_PREFERENCE_LABELS[input.contactPreference].toLowerCase();
  const quantity = input.requestedQuantity === undefined ? '' : `Quantity: ${input.requestedQuantity} · `;
  return `Product inquiry: ${productName}\n${quantity}Preferred contact: ${contact}\n\n${input.message}`;
}

/**
 * Records the inquiry and posts it into the customer's conversation with the producer in one
 * transaction; then the producer gets the live events and an e-mail.
 */
export async function createInquiry(ctx: AppContext, customer: AuthUser, input: InquiryInput): Promise<InquiryResponse> {
  const product = assertCanInquire(
    customer,
    await repo.findProductForInquiry(ctx.db, input.productId),
    input.requestedQuantity,
    ctx.clock.now(),
  );
  const { inquiry, posted } = await ctx.db.transaction(async (tx) => {
    const inquiry = await repo.insertInquiry(tx, {
      productId: product.id,
      customerId: customer.id,
      producerUserId: product.producerUserId,
      message: input.message,
      contactPreference: input.contactPreference,
      requestedQuantity: input.requestedQuantity ?? 1,
    });
    const posted = await postMessage(tx, {
      senderId: customer.id,
      recipientId: product.producerUserId,
      content: inquiryMessageText(product.name, input),
      productId: product.id,
      inquiryId: inquiry.id,
    });
    return { inquiry, posted };
  });

  announceMessage(ctx, customer, posted);
  ctx.events.emit('inquiry.created', {
    inquiryId: inquiry.id,
    producerUserId: product.producerUserId,
    customerEmail: customer.email,
    productName: product.name,
    productId: product.id,
    conversationId: posted.conversationId,
  });
  await emailProducer(ctx, product, customer, input, posted.conversationId);

  return {
    message: 'Inquiry sent successfully',
    inquiry: presentSent({
      id: inquiry.id,
      message: inquiry.message,
      contactPreference: inquiry.contactPreference,
      requestedQuantity: inquiry.requestedQuantity,
      status: inquiry.status,
      createdAt: inquiry.createdAt,
      productId: product.id,
      productName: product.name,
      productImage: product.primaryImageUrl,
      customerId: customer.id,
      producerUserId: product.producerUserId,
      conversationId: posted.conversationId,
      farmName: product.farmName,
    }),
  };
}

async function emailProducer(
  ctx: AppContext,
  product: repo.InquiryProduct,
  customer: AuthUser,
  input: InquiryInput,
  conversationId: number,
): Promise<void> {
  const wantsPhone = input.contactPreference !== 'email' && customer.phone;
  const details = [
    ...(input.requestedQuantity === undefined ? [] : [`Quantity: ${input.requestedQuantity}`]),
    `Preferred contact: ${CONTACT_PREFERENCE_LABELS[input.contactPreference]}`,
    `Email: ${customer.email}`,
    ...(wantsPhone ? [`Phone: ${customer.phone}`] : []),
  ];
  await ctx.mailer.send({
    to: product.producerEmail,
    subject: `New inquiry about ${product.name}`,
    heading: `New inquiry about ${product.name}`,
    paragraphs: [`${customer.email} sent an inquiry about ${product.name}.`, details.join(' · '), input.message],
    action: { label: 'Reply on Farmstand', url: `${ctx.config.publicUrl}/messages?conversation=${conversationId}` },
    reason: `You are getting this because a shopper asked about ${product.name}, one of your listed products.`,
  });
}

export async function listReceived(ctx: AppContext, producer: AuthUser, page: { limit?: number; offset?: number }) {
  const { rows, total } = await repo.listReceived(ctx.db, producer.id, page.limit ?? 20, page.offset ?? 0);
  return { inquiries: rows.map(presentReceived), total } satisfies InquiryListResponse;
}

export async function listSent(ctx: AppContext, customer: AuthUser, page: { limit?: number; offset?: number }) {
  const { rows, total } = await repo.listSent(ctx.db, customer.id, page.limit ?? 20, page.offset ?? 0);
  return { inquiries: rows.map(presentSent), total } satisfies InquiryListResponse;
}

/** A producer's reply in the conversation answers the customer's open inquiries. */
export function subscribeInquiryStatus(ctx: AppContext): void {
  ctx.events.on('message.created', async (event) => {
    // Only a producer's reply answers an inquiry: a shopper's message costs no query here.
    if (event.senderType === 'consumer') return;
    // An order's opening message is written for the shopper when they reserve; it is not a reply,
    // even when the shopper is a producer the farm once asked something.
    if (event.opensOrder) return;
    await repo.markResponded(ctx.db, event.senderId, event.recipientId);
  });
}
