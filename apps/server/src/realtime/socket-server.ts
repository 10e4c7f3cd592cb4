import type { Server as HttpServer } from 'node:http';
import { SERVER_EVENTS } from '@farmstand/shared/realtime/events';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AppContext } from '../lib/context';
import { lazyModule } from '../lib/lazy-module';
import { sessionFromToken } from '../plugins/auth';
import { attachMessaging, forwardMessageEvents } from './messages';
import { type RealtimeServer, type RealtimeSocket, userRoom } from './rooms';

// Only a server with REDIS_URL needs these (about 0.4 s to import).
const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');
const loadRedisAdapter = lazyModule<typeof import('@socket.io/redis-adapter')>('@socket.io/redis-adapter');

/**
 * What one socket may send (issue: one socket could stall the server). Each event takes a token from
 * a bucket of BURST that refills at PER_SECOND; an event finding none is dropped (its ack, if any,
 * answers TOO_MANY_EVENTS) and adds to the socket's debt; a socket whose debt passes
 * DROPS_BEFORE_DISCONNECT is disconnected. The app sends an event when a thread opens or closes and
 * typing every two seconds, far below this; a script sending thousands gets a few dozen through.
 */
export const SOCKET_EVENT_BUDGET = { perSecond: 10, burst: 30, dropsBeforeDisconnect: 100 };
export const TOO_MANY_EVENTS = 'Too many live events, slow down';

/**
 * An open socket checks its session again at least this often (the same rule as every HTTP request),
 * so a lowered session_timeout or a change no domain event told this instance about (an account edited
 * in the database, ADMIN_PASSWORD at another instance's start) ends it within this time.
 */
const SESSION_RECHECK_MS = 5 * 60 * 1000;

/**
 * socket.io under /socket.io/. The token travels in the handshake's auth data; a bad one is refused.
 * Each user joins a room of their own, so a message reaches every tab and every instance (with Redis).
 */
export async function createSocketServer(
  httpServer: HttpServer,
  ctx: AppContext,
): Promise<{ io: RealtimeServer; close: () => Promise<void> }> {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io/',
    serveClient: false,
    cors: { origin: true },
    // Clients only send ids (messages go over HTTP): a megabyte frame, the default, is never needed.
    maxHttpBufferSize: 16 * 1024,
  });
  const redisClients: Redis[] = [];
  if (ctx.config.redisUrl) {
    const { Redis: RedisClient } = loadIoredis();
    // Every emit is one PUBLISH: auto-pipelining sends those of one event-loop turn in one write
    // instead of a write (a syscall) each, which was the largest cost of a message at load.
    const pub = new RedisClient(ctx.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    const sub = pub.duplicate({ enableAutoPipelining: false });
    redisClients.push(pub, sub);
    io.adapter(loadRedisAdapter().createAdapter(pub, sub));
  }

  // Each socket's token, from the handshake to `connection`, where its session timer starts.
  const handshakeTokens = new WeakMap<RealtimeSocket, { token: string; endsAt: number }>();
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const session = await sessionFromToken(ctx, token).catch(() => null);
    if (!session || !token) return next(new Error('Authentication failed'));
    const { user, endsAt } = session;
    socket.data = { userId: user.id, email: user.email, userType: user.userType };
    handshakeTokens.set(socket, { token, endsAt });
    next();
  });

  io.on('connection', (socket) => {
    socket.use(eventBudget(socket));
    const session = handshakeTokens.get(socket);
    if (session) endWithSession(socket, ctx, session.token, session.endsAt);
    socket.join(userRoom(socket.data.userId));
    attachMessaging(socket, ctx);
  });

  // A suspension, deletion or password change ends the user's live sockets at once, on every instance
  // (the Redis adapter forwards disconnectSockets), as it ends their HTTP session.
  ctx.events.on('user.sessions_ended', ({ userId }) => {
    io.in(userRoom(userId)).disconnectSockets(true);
  });

  ctx.events.on('announcement', ({ message }) => {
    io.emit('announcement', { message });
  });
  ctx.events.on('notification', ({ userId, message, icon, productId }) => {
    io.to(userRoom(userId)).emit('notification', { message, icon, productId });
  });
  // Both sides of an order get `order_updated` in every open tab. The side that did not make the
  // move gets `notify` (a toast); the actor's other tabs just refresh their lists.
  ctx.events.on('order.changed', (event) => {
    const base = {
      orderId: event.orderId,
      status: event.status,
      previousStatus: event.previousStatus,
      actorRole: event.actorRole,
    };
    io.to(userRoom(event.customerId)).emit(SERVER_EVENTS.orderUpdated, {
      ...base,
      message: event.shopperMessage,
      notify: event.actorRole !== 'shopper',
    });
    io.to(userRoom(event.producerUserId)).emit(SERVER_EVENTS.orderUpdated, {
      ...base,
      message: event.producerMessage,
      notify: event.actorRole !== 'producer',
    });
  });
  // The producer's open tabs get `new_inquiry` (a toast 'New product inquiry from {email}').
  ctx.events.on('inquiry.created', (event) => {
    io.to(userRoom(event.producerUserId)).emit(SERVER_EVENTS.newInquiry, {
      customerEmail: event.customerEmail,
      inquiryId: event.inquiryId,
      productId: event.productId ?? 0,
      productName: event.productName,
      conversationId: event.conversationId ?? 0,
    });
  });
  forwardMessageEvents(io, ctx);

  return {
    io,
    close: async () => {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** The socket.use middleware that keeps one socket within SOCKET_EVENT_BUDGET (see there). */
function eventBudget(socket: RealtimeSocket): (event: unknown[], next: (error?: Error) => void) => void {
  const { perSecond, burst, dropsBeforeDisconnect } = SOCKET_EVENT_BUDGET;
  let tokens = burst;
  let refilledAt = Date.now();
  return (event, next) => {
    // Events already decoded when the socket was cut still come through here: nothing to do.
    if (socket.disconnected) return;
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * perSecond) - 1;
    refilledAt = now;
    if (tokens >= 0) return next();
    if (tokens < -dropsBeforeDisconnect) {
      socket.disconnect(true);
      // A WebSocket closes politely: until the client answers the close (ws waits up to 30 s, then
      // cuts the connection) the server would go on reading and parsing everything it still sends.
      // This one is read no further; the disconnect still goes out. (Over polling the session is gone.)
      if (socket.conn.transport.name === 'websocket') socket.request.socket.pause();
      return;
    }
    // Not calling next() drops the event before any handler; an ack is answered, so a client can tell.
    const ack = event.at(-1);
    if (typeof ack === 'function') ack({ ok: false, message: TOO_MANY_EVENTS });
  };
}

/**
 * Ends the socket when its session ends: at the token's expiry or session_timeout after sign-in,
 * whichever is first (the rule of plugins/auth.ts, which is asked again each time the timer fires).
 */
function endWithSession(socket: RealtimeSocket, ctx: AppContext, token: string, endsAt: number): void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = (at: number) => {
    timer = setTimeout(check, Math.max(0, Math.min(at - Date.now(), SESSION_RECHECK_MS)));
  };
  async function check(): Promise<void> {
    if (socket.disconnected) return;
    const session = await sessionFromToken(ctx, token).catch(() => undefined);
    if (socket.disconnected) return;
    // A failed lookup (database away) keeps the socket and asks again later; a refusal ends it.
    if (session === null) socket.disconnect(true);
    else schedule(session?.endsAt ?? Date.now() + SESSION_RECHECK_MS);
  }
  schedule(endsAt);
  socket.on('disconnect', () => clearTimeout(timer));
}
