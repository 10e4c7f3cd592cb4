import type { Conversation, Message } from '@farmstand/shared/schemas/messages';
import type { listConversations, MessageWithProduct } from './messages.repository';

export function presentMessage(row: MessageWithProduct): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    inquiry_id: row.inquiryId,
    product:
      row.productId !== null && row.productName !== null
        ? { id: row.productId, name: row.productName, primary_image_url: row.productImage }
        : null,
  };
}

type ConversationListRow = Awaited<ReturnType<typeof listConversations>>[number];

export function presentConversation(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    otherUser: { id: row.otherId, farm_name: row.farmName, email: row.otherEmail },
    lastMessage: row.lastMessage,
    lastMessageTime: new Date(row.lastMessageAt).toISOString(),
    unreadCount: row.unreadCount,
    productId: row.productId,
  };
}
