import { MESSAGES_PAGE_SIZE } from '@farmstand/shared';
import type { InquiryListResponse, InquiryRequest, InquiryResponse } from '@farmstand/shared/schemas/inquiries';
import type {
  ConversationListResponse,
  Message,
  MessageListResponse,
  SentMessageResponse,
} from '@farmstand/shared/schemas/messages';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNREAD_COUNT_KEY } from '@/features/messages/unread-count';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';

export const CONVERSATIONS_KEY = ['messages', 'conversations'] as const;
export const messagesKey = (conversationId: number) => ['messages', 'thread', conversationId] as const;
export const INQUIRIES_KEY = ['inquiries'] as const;

export function useConversations() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: () => api.get<ConversationListResponse>('/messages/conversations'),
    enabled: isAuthenticated,
    staleTime: 0,
  });
}

export type ThreadPages = InfiniteData<MessageListResponse, unknown>;

/** Pages of 50 counted back from the newest message; `flattenThread` puts them in time order. */
export function useThread(conversationId: number | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(conversationId ?? 0),
    queryFn: ({ pageParam }) =>
      api.get<MessageListResponse>(`/messages/conversations/${conversationId}/messages`, {
        limit: MESSAGES_PAGE_SIZE,
        offset: pageParam as number,
      }),
    initialPageParam: 0 as number,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.messages.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    enabled: conversationId !== null,
    staleTime: 0,
  });
}

export function flattenThread(data: ThreadPages | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** Puts a message into a cached thread (newest page) unless it is there already. */
export function appendToThread(data: ThreadPages | undefined, message: Message): ThreadPages | undefined {
  if (!data || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ messages: [...newest.messages, message], total: newest.total + 1 }, ...older] };
}

/** Marks the unread messages of one side of a thread read (`mine`: a read receipt; else: I read theirs). */
export function markThreadRead(
  data: ThreadPages | undefined,
  myId: number,
  readAt: string,
  side: 'mine' | 'theirs' = 'mine',
): ThreadPages | undefined {
  if (!data) return data;
  const matches = (m: Message) => (side === 'mine' ? m.sender_id === myId : m.sender_id !== myId);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => (matches(m) && !m.read_at ? { ...m, read_at: readAt } : m)),
    })),
  };
}

export function useSendMessage(conversationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<SentMessageResponse>(`/messages/conversations/${conversationId}/messages`, { content }),
    onSuccess: ({ conversationId: id, message }) => {
      queryClient.setQueryData<ThreadPages>(messagesKey(id), (data) => appendToThread(data, message));
      queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

export type StartConversationInput = { recipientId: number; content: string; productId?: number | null };

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartConversationInput) => api.post<SentMessageResponse>('/messages/conversations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

export function useMarkRead(myId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      api.post<{ updated: number; unreadCount: number }>(`/messages/conversations/${conversationId}/read`),
    onSuccess: ({ updated, unreadCount }, conversationId) => {
      queryClient.setQueryData(UNREAD_COUNT_KEY, unreadCount);
      if (myId !== undefined) {
        const now = new Date().toISOString();
        queryClient.setQueryData<ThreadPages>(messagesKey(conversationId), (data) => markThreadRead(data, myId, now, 'theirs'));
      }
      if (updated > 0) {
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        // Only when something was actually unread: reopening a read thread is not a read (spec 01 §7).
        track('message_read', { action: 'read' });
      }
    },
  });
}

export function useSendInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InquiryRequest) => api.post<InquiryResponse>('/orders/inquire', input),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
      queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

export function useInquiries(direction: 'received' | 'sent') {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [...INQUIRIES_KEY, direction],
    queryFn: () => api.get<InquiryListResponse>(`/orders/inquiries/${direction}`, { limit: 20 }),
    enabled: isAuthenticated,
  });
}
