import { formatMessageTime } from '@farmstand/shared';
import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import type { Conversation } from '@farmstand/shared/schemas/messages';
import { ChatIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Avatar, displayName } from './avatar';

type Props = {
  conversations: Conversation[];
  selectedId: number | null;
  isLoading: boolean;
  onSelect: (id: number) => void;
  /** Set when the list failed to load: an empty list then is not "no conversations". */
  onRetry?: () => void;
};

/** The left pane: who, the last message, when, and a dot while something is unread. */
export function ConversationList({ conversations, selectedId, isLoading, onSelect, onRetry }: Props) {
  if (isLoading) {
    return (
      <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-busy="true" aria-label="Loading conversations">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex animate-pulse gap-3 p-4">
            <span className="h-10 w-10 rounded-full bg-stone-200 dark:bg-stone-800" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-2/3 rounded bg-stone-200 dark:bg-stone-800" />
              <span className="block h-3 w-1/2 rounded bg-stone-200 dark:bg-stone-800" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (onRetry && conversations.length === 0) {
    return <LoadError text={MESSAGING_TEXTS.loadConversationsFailed} onRetry={onRetry} className="m-4" />;
  }
  if (conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
        <ChatIcon className="h-10 w-10 text-brand-700 dark:text-green-400" />
        <p className="font-semibold">{MESSAGING_TEXTS.noConversations}</p>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Contact a producer from their page or a product to start one.
        </p>
      </div>
    );
  }
  return (
    <ul className="min-h-0 flex-1 divide-y divide-stone-200 overflow-y-auto dark:divide-stone-800">
      {conversations.map((conversation) => {
        const name = displayName(conversation.otherUser);
        const isSelected = conversation.id === selectedId;
        const isUnread = conversation.unreadCount > 0;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation.id)}
              aria-current={isSelected ? 'true' : undefined}
              className={`flex w-full items-start gap-3 px-4 py-3 text-left transition-colors ${
                isSelected ? 'bg-brand-50 dark:bg-brand-900/30' : 'hover:bg-stone-50 dark:hover:bg-stone-800/60'
              }`}
            >
              <Avatar name={name} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${isUnread ? 'font-bold' : 'font-semibold'}`}>{name}</span>
                  <time dateTime={conversation.lastMessageTime} className="shrink-0 text-xs text-stone-600 dark:text-stone-400">
                    {formatMessageTime(conversation.lastMessageTime)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span
                    className={`truncate text-sm ${isUnread ? 'text-stone-900 dark:text-stone-100' : 'text-stone-600 dark:text-stone-400'}`}
                  >
                    {conversation.lastMessage ?? ''}
                  </span>
                  {isUnread && (
                    <span className="ml-auto flex shrink-0 items-center">
                      <span className="h-2.5 w-2.5 rounded-full bg-brand-600" aria-hidden="true" />
                      <span className="sr-only">{conversation.unreadCount} unread</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
