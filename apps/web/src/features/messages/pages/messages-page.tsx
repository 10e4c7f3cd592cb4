import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ChatIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/document-title';
import { useConversations } from '../api';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';

/**
 * /messages: the conversation list and the thread side by side; on a phone one pane at a time.
 * The open conversation lives in the URL (?conversation=ID), so links and the back button work.
 */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('conversation')) || null;
  const conversations = useConversations();
  const list = conversations.data?.conversations ?? [];

  useEffect(() => {
    if (conversations.isError) toast.error(MESSAGING_TEXTS.loadConversationsFailed);
  }, [conversations.isError]);

  const select = (id: number) => setParams({ conversation: String(id) });
  const back = () => setParams({});

  return (
    <div className="mx-auto max-w-6xl px-0 py-0 sm:px-4 sm:py-6">
      <h1 className="sr-only">Messages</h1>
      <Card className="grid h-[calc(100dvh-9rem)] min-h-[26rem] overflow-hidden rounded-none border-x-0 sm:h-[calc(100dvh-10rem)] sm:rounded-xl sm:border-x md:grid-cols-[20rem_1fr] lg:grid-cols-[22rem_1fr]">
        <section
          aria-labelledby="conversations-heading"
          className={`${selectedId ? 'hidden md:flex' : 'flex'} min-h-0 flex-col border-stone-200 md:border-r dark:border-stone-800`}
        >
          <h2 id="conversations-heading" className="border-b border-stone-200 px-4 py-4 text-lg font-bold dark:border-stone-800">
            Messages
          </h2>
          <ConversationList
            conversations={list}
            selectedId={selectedId}
            isLoading={conversations.isLoading}
            onSelect={select}
            onRetry={conversations.isError ? () => conversations.refetch() : undefined}
          />
        </section>
        <section aria-label="Conversation" className={`${selectedId ? 'flex' : 'hidden md:flex'} min-h-0 flex-col`}>
          {selectedId ? (
            <MessageThread
              key={selectedId}
              conversationId={selectedId}
              conversation={list.find((c) => c.id === selectedId)}
              onBack={back}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-stone-600 dark:text-stone-400">
              <ChatIcon className="h-12 w-12 text-stone-400 dark:text-stone-500" />
              <p>Select a conversation to read and reply.</p>
            </div>
          )}
        </section>
      </Card>
    </div>
  );
}
