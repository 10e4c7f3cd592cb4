import { MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { type Ack, CLIENT_EVENTS, SERVER_EVENTS, type TypingRequest } from '@farmstand/shared/realtime/events';
import type { AppContext } from '../lib/context';
import * as repo from '../modules/messages';
import { isParticipant, otherParticipant } from '../modules/messages';
import { conversationRoom, type RealtimeServer, type RealtimeSocket, userRoom } from './rooms';

/** A tenth of a second: below what anyone notices on an unread badge. */
const RECOUNT_SPACING_MS = 100;

/** Recount rounds run and users whose unread count was counted for a push, for tests and the decision record. */
export const recountStats = { rounds: 0, counted: 0 };

/** Domain events → socket rooms. With the Redis adapter a room spans every server instance. */
export function forwardMessageEvents(io: RealtimeServer, ctx: AppContext): void {
  ctx.events.on('message.created', (event) => {
    io.to([userRoom(event.recipientId), userRoom(event.senderId)]).emit(SERVER_EVENTS.newMessage, {
      conversationId: event.conversationId,
      senderId: event.senderId,
      senderEmail: event.senderEmail,
      message: {
        id: event.messageId,
        conversation_id: event.conversationId,
        sender_id: event.senderId,
        content: event.content,
        created_at: event.createdAt,
        read_at: null,
        inquiry_id: event.inquiryId ?? null,
        product: event.product ?? null,
      },
    });
  });
  ctx.events.on('conversation.read', (event) => {
    io.to(userRoom(event.otherUserId)).emit(SERVER_EVENTS.messageRead, {
      type: 'read',
      conversationId: event.conversationId,
      readerId: event.readerId,
      readAt: event.readAt ?? new Date().toISOString(),
    });
  });
  // Unread counts leave the send path: users whose count changed are
  // collected and recounted together, one query for all of them, with one round in flight; changes
  // arriving meanwhile are folded into the next round. Rounds start at most every RECOUNT_SPACING_MS,
  // so under sustained load a recipient gets one push per round instead of one per message, and the
  // database counts a few times a second; a lone change is counted at once. Every push follows the
  // change it reports, so the last count a user receives is the true one.
  const dirty = new Set<number>();
  let recounting = false;
  let lastRound = Number.NEGATIVE_INFINITY;
  async function recount(): Promise<void> {
    recounting = true;
    try {
      while (dirty.size > 0) {
        const wait = lastRound + RECOUNT_SPACING_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        lastRound = Date.now();
        const changed = [...dirty];
        dirty.clear();
        // Only people connected (on any instance) get the push, so only theirs are counted: a busy
        // farm that is not looking would otherwise be recounted for every order. The
        // app fetches the count itself when it connects.
        const userIds = await connectedAmong(io, changed).catch(() => changed);
        recountStats.rounds++;
        if (userIds.length === 0) continue;
        recountStats.counted += userIds.length;
        const counts = await repo.countUnreadFor(ctx.db, userIds).catch(() => null);
        if (!counts) continue;
        for (const [userId, unreadCount] of counts) {
          io.to(userRoom(userId)).emit(SERVER_EVENTS.unreadCountUpdated, { unreadCount });
        }
      }
    } finally {
      recounting = false;
    }
  }
  ctx.events.on('unread.changed', ({ userId }) => {
    dirty.add(userId);
    if (!recounting) {
      recounting = true;
      setImmediate(() => void recount());
    }
  });
}

/** The users of `userIds` with a socket open on any instance (the Redis adapter asks them all). */
async function connectedAmong(io: RealtimeServer, userIds: number[]): Promise<number[]> {
  const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
  const connected = new Set(sockets.map((socket) => Number(socket.data.userId)));
  return userIds.filter((id) => connected.has(id));
}

const toConversationId = (value: unknown): number | null => {
  const id = typeof value === 'object' && value !== null ? (value as { conversationId?: unknown }).conversationId : value;
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Typing is relayed at most this often per conversation and sender socket; the latest state follows. */
export const TYPING_RELAY_MS = 300;
/** Conversations a socket was refused, remembered so a repeat costs no query; the oldest go first. */
const REFUSED_MAX = 100;
/** Membership lookups one socket may have at the database at once; the others wait their turn. */
const LOOKUPS_IN_FLIGHT_MAX = 2;

/**
 * Per socket: joining a conversation's room needs participation; typing goes to that room (the
 * people looking at the thread), never to anyone outside the conversation. Besides the socket's
 * event budget (socket-server.ts), refusals are remembered and lookups queue, so a socket asking
 * about other people's conversations costs the database little.
 */
export function attachMessaging(socket: RealtimeSocket, ctx: AppContext): void {
  const userId = socket.data.userId;
  // conversation id → the other participant, so typing events need no query per keystroke.
  // Bounded by the conversations the user is in (participants never change).
  const known = new Map<number, number>();
  const refused = new Set<number>();
  const asking = new Map<number, Promise<number | null>>();
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  function participantOf(conversationId: number): Promise<number | null> {
    const cached = known.get(conversationId);
    if (cached !== undefined) return Promise.resolve(cached);
    if (refused.has(conversationId)) return Promise.resolve(null);
    let pending = asking.get(conversationId);
    if (!pending) {
      pending = lookUp(conversationId).finally(() => asking.delete(conversationId));
      asking.set(conversationId, pending);
    }
    return pending;
  }

  async function lookUp(conversationId: number): Promise<number | null> {
    while (inFlight >= LOOKUPS_IN_FLIGHT_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
    try {
      // Queued work of a socket that is gone is not done.
      if (socket.disconnected) return null;
      const conversation = await repo.findConversation(ctx.db, conversationId);
      if (!conversation || !isParticipant(conversation, userId)) {
        if (refused.size >= REFUSED_MAX) refused.delete(refused.values().next().value as number);
        refused.add(conversationId);
        return null;
      }
      const other = otherParticipant(conversation, userId);
      known.set(conversationId, other);
      return other;
    } finally {
      inFlight--;
      waiting.shift()?.();
    }
  }

  const reply = (ack: unknown, result: Parameters<Ack>[0]) => {
    if (typeof ack === 'function') (ack as Ack)(result);
  };

  socket.on(CLIENT_EVENTS.joinConversation, async (raw: unknown, ack?: unknown) => {
    const conversationId = toConversationId(raw);
    const other = conversationId ? await participantOf(conversationId).catch(() => null) : null;
    if (!conversationId || other === null) return reply(ack, { ok: false, message: MESSAGING_TEXTS.notParticipant });
    await socket.join(conversationRoom(conversationId));
    reply(ack, { ok: true });
  });

  socket.on(CLIENT_EVENTS.leaveConversation, async (raw: unknown, ack?: unknown) => {
    const conversationId = toConversationId(raw);
    if (conversationId) await socket.leave(conversationRoom(conversationId));
    reply(ack, { ok: true });
  });

  // Per conversation: when typing was last relayed, and the state waiting to be relayed after it.
  const typingRelays = new Map<number, { sentAt: number; timer?: NodeJS.Timeout; isTyping: boolean }>();
  const relayTyping = (conversationId: number, isTyping: boolean) => {
    socket.to(conversationRoom(conversationId)).emit(SERVER_EVENTS.userTyping, { userId, conversationId, isTyping });
  };
  const typing = (isTyping: boolean) => async (raw: TypingRequest) => {
    const conversationId = toConversationId(raw);
    if (!conversationId || (await participantOf(conversationId).catch(() => null)) === null) return;
    const relay = typingRelays.get(conversationId);
    if (!relay) {
      typingRelays.set(conversationId, { sentAt: Date.now(), isTyping });
      return relayTyping(conversationId, isTyping);
    }
    relay.isTyping = isTyping;
    if (relay.timer) return;
    const wait = relay.sentAt + TYPING_RELAY_MS - Date.now();
    if (wait <= 0) {
      relay.sentAt = Date.now();
      return relayTyping(conversationId, isTyping);
    }
    // Within the spacing: the state at the end of it is relayed then, so "stopped" is never lost.
    relay.timer = setTimeout(() => {
      relay.timer = undefined;
      relay.sentAt = Date.now();
      if (socket.connected) relayTyping(conversationId, relay.isTyping);
    }, wait);
  };
  socket.on(CLIENT_EVENTS.typingStart, typing(true));
  socket.on(CLIENT_EVENTS.typingStop, typing(false));
  socket.on('disconnect', () => {
    for (const relay of typingRelays.values()) clearTimeout(relay.timer);
  });
}
