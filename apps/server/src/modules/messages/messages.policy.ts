import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { forbidden } from '../../lib/errors';
import type { ConversationRow } from './messages.repository';

export const isParticipant = (conversation: Pick<ConversationRow, 'userLowId' | 'userHighId'>, userId: number) =>
  conversation.userLowId === userId || conversation.userHighId === userId;

export const otherParticipant = (conversation: Pick<ConversationRow, 'userLowId' | 'userHighId'>, userId: number) =>
  conversation.userLowId === userId ? conversation.userHighId : conversation.userLowId;

/** Only the two people in a conversation may read or write it. */
export function assertParticipant(conversation: ConversationRow, userId: number): void {
  if (!isParticipant(conversation, userId)) throw forbidden(MESSAGING_TEXTS.notParticipant);
}
