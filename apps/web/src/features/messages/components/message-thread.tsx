import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { CLIENT_EVENTS } from '@farmstand/shared/realtime/events';
import type { Conversation } from '@farmstand/shared/schemas/messages';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';
import { useSocket } from '@/shared/realtime/socket-provider';
import { flattenThread, useMarkRead, useSendMessage, useThread } from '../api';
import { setOpenConversation } from '../socket/live-updates';
import { useTypingEmitter, useTypingIndicator } from '../use-typing';
import { Avatar, displayName } from './avatar';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { TypingIndicator } from './typing-indicator';

type Props = { conversationId: number; conversation: Conversation | undefined; onBack: () => void };

/** The right pane: the thread, live typing and read receipts, and the composer. */
export function MessageThread({ conversationId, conversation, onBack }: Props) {
  const { user } = useAuth();
  const thread = useThread(conversationId);
  const messages = flattenThread(thread.data);
  const send = useSendMessage(conversationId);
  const markRead = useMarkRead(user?.id);
  const { connection, isConnected } = useSocket();
  const other = conversation?.otherUser;
  const name = displayName(other);
  const isOtherTyping = useTypingIndicator(conversationId, user?.id);
  const { typing, stop } = useTypingEmitter(conversationId, other?.id);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isConnected) return;
    connection.emit(CLIENT_EVENTS.joinConversation, conversationId);
    return () => connection.emit(CLIENT_EVENTS.leaveConversation, conversationId);
  }, [connection, isConnected, conversationId]);

  useEffect(() => {
    setOpenConversation(conversationId);
    return () => setOpenConversation(null);
  }, [conversationId]);

  useEffect(() => {
    if (thread.isError) toast.error(MESSAGING_TEXTS.loadMessagesFailed);
  }, [thread.isError]);

  // Reading the thread marks what the other person sent as read (their read receipt).
  const hasUnread = messages.some((m) => m.sender_id !== user?.id && !m.read_at);
  const { mutate: markConversationRead, isPending: isMarking } = markRead;
  useEffect(() => {
    if (!hasUnread || isMarking) return;
    // A thread open in a background tab is not read yet: wait until the tab is looked at.
    if (document.visibilityState === 'visible') {
      markConversationRead(conversationId);
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') markConversationRead(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [hasUnread, isMarking, conversationId, markConversationRead]);

  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives or typing shows
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, isOtherTyping]);

  const lastMineIndex = messages.map((m) => m.sender_id).lastIndexOf(user?.id ?? -1);

  async function sendMessage(content: string) {
    try {
      await send.mutateAsync(content);
      track('message_sent', { recipientId: other?.id, messageLength: content.length });
    } catch (error) {
      toast.error(errorMessage(error, MESSAGING_TEXTS.sendFailed));
      throw error;
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
        <button
          type="button"
          onClick={onBack}
          className="-ml-2 rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden dark:text-stone-200 dark:hover:bg-stone-800"
          aria-label="Back to conversations"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
        <Avatar name={name} size="sm" />
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{name}</h2>
          {other?.farm_name && (
            <Link to={`/producer/${other.id}`} className="text-xs font-medium text-brand-700 hover:underline dark:text-green-400">
              View producer profile
            </Link>
          )}
        </div>
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {thread.isLoading ? (
          <Spinner label="Loading messages…" />
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-4 text-center">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => thread.fetchNextPage()}
                  isLoading={thread.isFetchingNextPage}
                >
                  Load earlier messages
                </Button>
              </div>
            )}
            <ol className="space-y-3" aria-label={`Messages with ${name}`}>
              {messages.map((message, index) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  isMine={message.sender_id === user?.id}
                  showReceipt={index === lastMineIndex}
                />
              ))}
            </ol>
          </>
        )}
      </div>

      <TypingIndicator name={name} isTyping={isOtherTyping} />
      <Composer onSend={sendMessage} onTyping={typing} onStopTyping={stop} disabled={thread.isError} />
    </div>
  );
}
