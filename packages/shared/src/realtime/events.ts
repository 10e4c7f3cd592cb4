import type { Message } from '../schemas/messages';

/** Socket.io event names and payloads (spec 01 §3 "Live events" and §7 "Live connection"), for both sides. */
export const SERVER_EVENTS = {
  newMessage: 'new_message',
  messageRead: 'message_read',
  userTyping: 'user_typing',
  unreadCountUpdated: 'unread_count_updated',
  newInquiry: 'new_inquiry',
  orderUpdated: 'order_updated',
  notification: 'notification',
  announcement: 'announcement',
} as const;

export const CLIENT_EVENTS = {
  joinConversation: 'join_conversation',
  leaveConversation: 'leave_conversation',
  typingStart: 'typing_start',
  typingStop: 'typing_stop',
} as const;

export type NewMessagePayload = { conversationId: number; senderId: number; senderEmail: string; message: Message };
/** Read receipt: the other participant read every message you sent in the conversation up to readAt. */
export type MessageReadPayload = { type: 'read'; conversationId: number; readerId: number; readAt: string };
export type UserTypingPayload = { userId: number; conversationId: number; isTyping: boolean };
export type UnreadCountPayload = { unreadCount: number };
export type NewInquiryPayload = {
  customerEmail: string;
  inquiryId: number;
  productId: number;
  productName: string;
  conversationId: number;
};
/** An order was placed or changed state; `notify` is true when someone else made the move (show a toast). */
export type OrderUpdatedPayload = {
  orderId: number;
  status: string;
  previousStatus: string | null;
  actorRole: 'shopper' | 'producer' | 'system';
  message: string;
  notify: boolean;
};
/** `productId`: the product the notice is about (an admin removed or restored it), so its owner's lists refresh. */
export type NotificationPayload = { message: string; icon?: string; productId?: number };
export type AnnouncementPayload = { message: string };
export type TypingRequest = { recipientId?: number; conversationId: number };

export type ServerToClientEvents = {
  new_message: (payload: NewMessagePayload) => void;
  message_read: (payload: MessageReadPayload) => void;
  user_typing: (payload: UserTypingPayload) => void;
  unread_count_updated: (payload: UnreadCountPayload) => void;
  new_inquiry: (payload: NewInquiryPayload) => void;
  order_updated: (payload: OrderUpdatedPayload) => void;
  notification: (payload: NotificationPayload) => void;
  announcement: (payload: AnnouncementPayload) => void;
};

/** Acknowledgements answer `{ ok }` or `{ ok: false, message }` so a client can tell a refusal from silence. */
export type Ack = (result: { ok: boolean; message?: string }) => void;

export type ClientToServerEvents = {
  join_conversation: (conversationId: number, ack?: Ack) => void;
  leave_conversation: (conversationId: number, ack?: Ack) => void;
  typing_start: (payload: TypingRequest) => void;
  typing_stop: (payload: TypingRequest) => void;
};
