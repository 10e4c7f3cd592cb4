import { MESSAGES_PAGE_SIZE } from '@farmstand/shared';
import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import type {
  ConversationListResponse,
  MessageListResponse,
  SentMessageResponse,
  StartConversationRequest,
} from '@farmstand/shared/schemas/messages';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { GroupCommit } from './messages.batching';
import { assertParticipant, otherParticipant } from './messages.policy';
import { presentConversation, presentMessage } from './messages.presenter';
import * as repo from './messages.repository';

declare module '../../lib/context' {
  interface AppContext {
    /**
     * Message sends of the same moment written by one statement on `db` (group commit): 2.9–3.5 → 0.11
     * database transactions per message sent under the messaging load (decision 119).
     */
    messageSends: MessageSends;
  }
}

/** The admin switch `features.enable_messaging`: when off nobody starts or sends messages; history stays readable. */
export async function assertMessagingEnabled(ctx: AppContext): Promise<void> {
  const features = await ctx.settings.get('features');
  if (features.enable_messaging === false) throw forbidden(MESSAGING_TEXTS.messagingDisabled);
}

export async function listConversations(ctx: AppContext, user: AuthUser): Promise<ConversationListResponse> {
  const rows = await repo.listConversations(ctx.db, user.id);
  return { conversations: rows.map(presentConversation) };
}

async function loadOwnConversation(ctx: AppContext, user: AuthUser, conversationId: number) {
  const conversation = await repo.findConversation(ctx.db, conversationId);
  if (!conversation) throw notFound(MESSAGING_TEXTS.conversationNotFound);
  assertParticipant(conversation, user.id);
  return conversation;
}

export async function listMessages(
  ctx: AppContext,
  user: AuthUser,
  conversationId: number,
  page: { limit?: number; offset?: number },
): Promise<MessageListResponse> {
  await loadOwnConversation(ctx, user, conversationId);
  const { rows, total } = await repo.listMessages(ctx.db, conversationId, page.limit ?? MESSAGES_PAGE_SIZE, page.offset ?? 0);
  return { messages: rows.map(presentMessage), total };
}

/** A recipient must be a live account other than the sender. */
async function assertCanReceive(db: Db, senderId: number, recipientId: number) {
  if (senderId === recipientId) throw badRequest(MESSAGING_TEXTS.cannotMessageSelf, 'recipientId');
  const recipient = await repo.findUserBrief(db, recipientId);
  if (recipient?.status !== 'active') throw notFound(MESSAGING_TEXTS.recipientNotFound);
  return recipient;
}

export type PostedMessage = {
  conversationId: number;
  recipientId: number;
  message: repo.MessageWithProduct;
  /** Set on the opening message of a placed order (not a reply to anything). */
  opensOrder?: boolean;
};

/**
 * Writes a message into the pair's conversation (creating it on first contact) in one statement.
 * Takes a transaction so an inquiry and its message are stored together; the caller emits with
 * `announceMessage` after commit.
 */
export async function postMessage(
  tx: Db,
  input: { senderId: number; recipientId: number; content: string; productId?: number | null; inquiryId?: number | null },
): Promise<PostedMessage> {
  const row = await repo.insertMessageForPair(tx, {
    ...input,
    productId: input.productId ?? null,
    inquiryId: input.inquiryId ?? null,
  });
  const product = input.productId ? await repo.findProductBrief(tx, input.productId) : undefined;
  const message: repo.MessageWithProduct = {
    ...row,
    productId: product?.id ?? null,
    productName: product?.name ?? null,
    productImage: product?.primaryImageUrl ?? null,
  };
  return { conversationId: row.conversationId, recipientId: input.recipientId, message };
}

/** After commit: live delivery to both participants and the recipient's new unread count. */
export function announceMessage(
  ctx: AppContext,
  sender: { id: number; email: string; userType?: string },
  posted: PostedMessage,
): void {
  const { message } = posted;
  ctx.events.emit('message.created', {
    conversationId: posted.conversationId,
    messageId: message.id,
    senderId: sender.id,
    senderEmail: sender.email,
    senderType: sender.userType,
    recipientId: posted.recipientId,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    inquiryId: message.inquiryId,
    product: presentMessage(message).product,
    opensOrder: posted.opensOrder,
  });
  ctx.events.emit('unread.changed', { userId: posted.recipientId });
}

export async function startConversation(
  ctx: AppContext,
  sender: AuthUser,
  input: StartConversationRequest,
): Promise<SentMessageResponse> {
  await assertMessagingEnabled(ctx);
  await assertCanReceive(ctx.db, sender.id, input.recipientId);
  if (input.productId && !(await repo.findProductBrief(ctx.db, input.productId))) {
    throw notFound(MESSAGING_TEXTS.productNotFound);
  }
  // One statement: no explicit transaction needed around it.
  const posted = await postMessage(ctx.db, {
    senderId: sender.id,
    recipientId: input.recipientId,
    content: input.content,
    productId: input.productId,
  });
  announceMessage(ctx, sender, posted);
  return { conversationId: posted.conversationId, message: presentMessage(posted.message) };
}

/**
 * The group commit of sends (decision 119), made once per app on its database (`ctx.messageSends`,
 * app.ts): concurrent sends share statements on that database, never a transaction's.
 */
export function messageSendsOn(db: Db) {
  return new GroupCommit<repo.SendInput, repo.SentRow>({
    runMany: (inputs) => repo.insertMessagesIfAllowed(db, inputs),
    runOne: (input) => repo.insertMessageIfAllowed(db, input),
  });
}
export type MessageSends = ReturnType<typeof messageSendsOn>;

/**
 * The hot path: with messaging on, one statement checks the
 * sender and recipient and stores the message, together with the other sends that arrived at the
 * same time (group commit); the caller is answered after that statement commits, and the fan-out
 * follows the answer. Only when the statement stores nothing do we look again, to answer why (404,
 * 403, 400) in the usual order.
 */
export async function sendMessage(
  ctx: AppContext,
  sender: AuthUser,
  conversationId: number,
  content: string,
): Promise<SentMessageResponse> {
  const features = await ctx.settings.get('features');
  const row =
    features.enable_messaging === false ? null : await ctx.messageSends.submit({ conversationId, senderId: sender.id, content });
  if (!row) throw await whyNotSent(ctx, sender, conversationId);
  const posted: PostedMessage = {
    conversationId,
    recipientId: row.recipientId,
    message: { ...row, productId: null, productName: null, productImage: null },
  };
  // After the answer is on its way: the fan-out never holds up the sender's 201.
  setImmediate(() => {
    try {
      announceMessage(ctx, sender, posted);
    } catch (error) {
      console.error('announcing a message failed', error);
    }
  });
  return { conversationId, message: presentMessage(posted.message) };
}

/** The refusal for a message the send statement did not store, checked in the order the rules apply. */
async function whyNotSent(ctx: AppContext, sender: AuthUser, conversationId: number): Promise<Error> {
  const found = await repo.findConversationWithOther(ctx.db, conversationId, sender.id);
  if (!found) return notFound(MESSAGING_TEXTS.conversationNotFound);
  assertParticipant(found.conversation, sender.id);
  await assertMessagingEnabled(ctx);
  if (otherParticipant(found.conversation, sender.id) === sender.id) {
    return badRequest(MESSAGING_TEXTS.cannotMessageSelf, 'recipientId');
  }
  // The recipient is not an active account (or stopped being one a moment ago).
  return notFound(MESSAGING_TEXTS.recipientNotFound);
}

/** Marks the other participant's messages read; they get a read receipt, the reader a new unread count. */
export async function markRead(ctx: AppContext, user: AuthUser, conversationId: number) {
  const conversation = await loadOwnConversation(ctx, user, conversationId);
  const readAt = ctx.clock.now();
  const updated = await repo.markConversationRead(ctx.db, conversationId, user.id, readAt);
  if (updated > 0) {
    ctx.events.emit('conversation.read', {
      conversationId,
      readerId: user.id,
      otherUserId: otherParticipant(conversation, user.id),
      readAt: readAt.toISOString(),
    });
    ctx.events.emit('unread.changed', { userId: user.id });
  }
  return { updated, unreadCount: await repo.countUnread(ctx.db, user.id) };
}

export const unreadCount = (ctx: AppContext, userId: number) => repo.countUnread(ctx.db, userId);
