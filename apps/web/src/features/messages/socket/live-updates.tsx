import { TOAST_DURATIONS } from '@farmstand/shared';
import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { BasketIcon, ChatIcon } from '@/components/ui/icons';
import { UNREAD_COUNT_KEY } from '@/features/messages/unread-count';
import { useAuth } from '@/shared/auth-context';
import { useSocketEvent } from '@/shared/realtime/socket-provider';
import { appendToThread, CONVERSATIONS_KEY, INQUIRIES_KEY, markThreadRead, messagesKey, type ThreadPages } from '../api';
import { BellIcon, MegaphoneIcon } from '../components/live-icons';

/** The thread on screen, so a message arriving there is not also announced by a toast. */
let openConversationId: number | null = null;
export function setOpenConversation(id: number | null): void {
  openConversationId = id;
}

const ANNOUNCEMENT_STYLE = { background: '#1d4ed8', color: '#ffffff', fontWeight: 600 } as const;

/**
 * Reactions to live events anywhere in the app (spec 01 §7): toasts with the spec's durations,
 * the header badge and the message caches kept current without waiting for the 30-second poll.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  useSocketEvent('new_message', ({ conversationId, senderId, senderEmail, message }) => {
    queryClient.setQueryData<ThreadPages>(messagesKey(conversationId), (data) => appendToThread(data, message));
    queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    if (senderId === user?.id) return;
    queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    if (conversationId === openConversationId && document.visibilityState === 'visible') return;
    // An inquiry arrives as a message and as `new_inquiry`; that event's toast alone announces it.
    if (message.inquiry_id !== null) return;
    toast(MESSAGING_TEXTS.newMessageToast(senderEmail || MESSAGING_TEXTS.unknownSender), {
      duration: TOAST_DURATIONS.newMessage,
      icon: <ChatIcon className="h-5 w-5 shrink-0 text-brand-700" />,
    });
  });

  useSocketEvent('unread_count_updated', ({ unreadCount }) => {
    queryClient.setQueryData(UNREAD_COUNT_KEY, unreadCount);
  });

  useSocketEvent('message_read', ({ conversationId, readAt }) => {
    if (!user) return;
    queryClient.setQueryData<ThreadPages>(messagesKey(conversationId), (data) => markThreadRead(data, user.id, readAt));
  });

  useSocketEvent('new_inquiry', ({ customerEmail }) => {
    queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
    toast(MESSAGING_TEXTS.newInquiryToast(customerEmail), {
      duration: TOAST_DURATIONS.inquiry,
      icon: <BasketIcon className="h-5 w-5 shrink-0 text-brand-700" />,
    });
  });

  useSocketEvent('notification', ({ message, icon }) => {
    toast(message, { duration: TOAST_DURATIONS.notification, icon: icon || <BellIcon /> });
  });

  useSocketEvent('announcement', ({ message }) => {
    toast(message, {
      duration: TOAST_DURATIONS.announcement,
      position: 'top-center',
      icon: <MegaphoneIcon />,
      style: ANNOUNCEMENT_STYLE,
      // Replaces the toaster's dark-mode class, which would otherwise paint over the blue.
      className: '!bg-blue-700 !text-white',
      ariaProps: { role: 'status', 'aria-live': 'polite' },
    });
  });

  return null;
}
