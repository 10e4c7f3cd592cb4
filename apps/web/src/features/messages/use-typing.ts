import { TYPING_EXPIRY_MS } from '@farmstand/shared';
import { CLIENT_EVENTS } from '@farmstand/shared/realtime/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocket, useSocketEvent } from '@/shared/realtime/socket-provider';

/**
 * Spec 01 §4: an indicator per conversation and user, set while isTyping is true and removed when
 * it turns false or after 3 seconds without news.
 */
export function useTypingIndicator(conversationId: number | null, myId: number | undefined): boolean {
  const [typists, setTypists] = useState<Set<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const remove = useCallback((userId: number) => {
    clearTimeout(timers.current.get(userId));
    timers.current.delete(userId);
    setTypists((current) => {
      if (!current.has(userId)) return current;
      const next = new Set(current);
      next.delete(userId);
      return next;
    });
  }, []);

  useSocketEvent('user_typing', ({ userId, conversationId: where, isTyping }) => {
    if (where !== conversationId || userId === myId) return;
    if (!isTyping) return remove(userId);
    clearTimeout(timers.current.get(userId));
    timers.current.set(
      userId,
      setTimeout(() => remove(userId), TYPING_EXPIRY_MS),
    );
    setTypists((current) => (current.has(userId) ? current : new Set(current).add(userId)));
  });

  // A message from someone ends their typing.
  useSocketEvent('new_message', ({ conversationId: where, senderId }) => {
    if (where === conversationId) remove(senderId);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different conversation starts with nobody typing
  useEffect(() => {
    const pending = timers.current;
    setTypists(new Set());
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [conversationId]);

  return typists.size > 0;
}

/** Renew "typing" a bit before the other side's 3-second expiry while the user keeps typing. */
const TYPING_RENEW_MS = TYPING_EXPIRY_MS - 1000;

/** Emits typing_start while the user types and typing_stop once they pause, send or leave. */
export function useTypingEmitter(conversationId: number | null, recipientId: number | undefined) {
  const { connection } = useSocket();
  const lastStart = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastStart.current && conversationId) connection.emit(CLIENT_EVENTS.typingStop, { recipientId, conversationId });
    lastStart.current = 0;
  }, [connection, conversationId, recipientId]);

  const typing = useCallback(() => {
    if (!conversationId) return;
    if (Date.now() - lastStart.current > TYPING_RENEW_MS) {
      connection.emit(CLIENT_EVENTS.typingStart, { recipientId, conversationId });
      lastStart.current = Date.now();
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_RENEW_MS);
  }, [connection, conversationId, recipientId, stop]);

  useEffect(() => stop, [stop]);
  return { typing, stop };
}
