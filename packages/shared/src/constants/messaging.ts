/** Messaging and inquiry limits and the user-facing texts of spec 01 §5 and §8 for them. */
export const MESSAGE_MAX_LENGTH = 5000;
export const INQUIRY_MAX_QUANTITY = 10;
export const CONTACT_PREFERENCES = ['email', 'phone', 'both'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  email: 'Email',
  phone: 'Phone',
  both: 'Email or phone',
};

/**
 * Quantity options of an inquiry: 1 to min(stock or 10, 10) (spec 01 §5). A stock of 0 or none
 * counts as "or 10", as the spec's formula reads.
 */
export function maxInquiryQuantity(stockQuantity: number | null | undefined): number {
  return Math.min(stockQuantity || INQUIRY_MAX_QUANTITY, INQUIRY_MAX_QUANTITY);
}

export const MESSAGING_TEXTS = {
  noConversations: 'No conversations yet',
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  contactSendFailed: 'Failed to send message. Please try again.',
  producerMissing: 'Unable to send message: producer information missing',
  inquiryFailed: 'Failed to send inquiry',
  messageRequired: 'Message cannot be empty',
  cannotMessageSelf: 'You cannot send a message to yourself',
  notParticipant: 'You are not part of this conversation',
  conversationNotFound: 'Conversation not found',
  recipientNotFound: 'Recipient not found',
  messagingDisabled: 'Messaging is currently turned off',
  productUnavailable: 'This product is not available for inquiries right now',
  productNotFound: 'Product not found',
  unknownSender: 'Unknown',
  newMessageToast: (email: string) => `New message from ${email}`,
  newInquiryToast: (email: string) => `New product inquiry from ${email}`,
  inquirySent: 'Inquiry sent! The producer will get back to you.',
  contactSent: 'Message sent!',
} as const;
