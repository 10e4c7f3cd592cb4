import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGING_TEXTS } from '../constants/messaging';
import { dbId, optionalQuery } from './common';

/** Non-blank text: trimmed, then at least one character (spec 01 §5 "Message send: non-blank text"). */
export const messageContent = z
  .string({ error: MESSAGING_TEXTS.messageRequired })
  .trim()
  .min(1, MESSAGING_TEXTS.messageRequired)
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** The product a message is about (inquiries, contact from a product page). */
export const MessageProduct = z.object({ id: z.number(), name: z.string(), primary_image_url: z.string().nullable() });
export type MessageProduct = z.infer<typeof MessageProduct>;

export const Message = z.object({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number(),
  content: z.string(),
  created_at: z.string(),
  /** When the recipient read it; drives the read receipt. */
  read_at: z.string().nullable(),
  inquiry_id: z.number().nullable(),
  product: MessageProduct.nullable(),
});
export type Message = z.infer<typeof Message>;

export const Conversation = z.object({
  id: z.number(),
  otherUser: z.object({ id: z.number(), farm_name: z.string().nullable(), email: z.string() }),
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string(),
  unreadCount: z.number(),
  productId: z.number().nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationListResponse = z.object({ conversations: z.array(Conversation) });
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

export const MessageListQuery = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
  offset: optionalQuery(z.coerce.number().int().min(0)),
});

/** One page, oldest first; offset counts back from the newest message. */
export const MessageListResponse = z.object({ messages: z.array(Message), total: z.number() });
export type MessageListResponse = z.infer<typeof MessageListResponse>;

export const StartConversationRequest = z.object({
  recipientId: dbId('Recipient is required'),
  content: messageContent,
  productId: dbId('Product id must be a positive whole number').nullish(),
});
export type StartConversationRequest = z.infer<typeof StartConversationRequest>;

export const SendMessageRequest = z.object({ content: messageContent });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

export const SentMessageResponse = z.object({ conversationId: z.number(), message: Message });
export type SentMessageResponse = z.infer<typeof SentMessageResponse>;

export const MarkReadResponse = z.object({ updated: z.number(), unreadCount: z.number() });
export const UnreadCountResponse = z.object({ count: z.number() });

export const AnnouncementRequest = z.object({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(500),
});
