import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';

// biome-ignore lint/suspicious/noExplicitAny: events are declared per domain in packages/shared/realtime
type DefaultEventsMap = Record<string, (...args: any[]) => void>;

import type { AppContext } from '../lib/context';
import { lazyModule } from '../lib/lazy-module';
import { userFromToken } from '../plugins/auth';

export type SocketData = { userId: number; email: string; userType: string };
export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

// Only a server with REDIS_URL needs these (about 0.4 s to import).
const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');
const loadRedisAdapter = lazyModule<typeof import('@socket.io/redis-adapter')>('@socket.io/redis-adapter');

export const userRoom = (userId: number) => `user:${userId}`;
export const conversationRoom = (conversationId: number) => `conversation:${conversationId}`;

/**
 * socket.io under /socket.io/. The token travels in the handshake's auth data; a bad one is refused.
 * Each user joins a room of their own, so a message reaches every tab and every instance (with Redis).
 */
export async function createSocketServer(
  httpServer: HttpServer,
  ctx: AppContext,
): Promise<{ io: RealtimeServer; close: () => Promise<void> }> {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io/', serveClient: false, cors: { origin: true } });
  const redisClients: Redis[] = [];
  if (ctx.config.redisUrl) {
    const { Redis: RedisClient } = loadIoredis();
    // Every emit is one PUBLISH: auto-pipelining sends those of one event-loop turn in one write
    // instead of a write (a syscall) each, which was the largest cost of a message at load (decision 119).
    const pub = new RedisClient(ctx.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    const sub = pub.duplicate({ enableAutoPipelining: false });
    redisClients.push(pub, sub);
    io.adapter(loadRedisAdapter().createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const user = await userFromToken(ctx, token).catch(() => null);
    if (!user) return next(new Error('Authentication failed'));
    socket.data = { userId: user.id, email: user.email, userType: user.userType };
    next();
  });

  io.on('connection', (socket) => {
    socket.join(userRoom(socket.data.userId));
    for (const attach of connectionHandlers) attach(socket, ctx, io);
  });

  ctx.events.on('announcement', ({ message }) => {
    io.emit('announcement', { message });
  });
  ctx.events.on('notification', ({ userId, message, icon }) => {
    io.to(userRoom(userId)).emit('notification', { message, icon });
  });
  for (const subscribe of eventSubscribers) subscribe(io, ctx);

  return {
    io,
    close: async () => {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** Domains add per-socket handlers (typing, joining conversations) and event subscriptions here. */
type ConnectionHandler = (socket: RealtimeSocket, ctx: AppContext, io: RealtimeServer) => void;
type EventSubscriber = (io: RealtimeServer, ctx: AppContext) => void;
const connectionHandlers: ConnectionHandler[] = [];
const eventSubscribers: EventSubscriber[] = [];

export function onSocketConnection(handler: ConnectionHandler): void {
  connectionHandlers.push(handler);
}
export function onRealtimeStart(subscriber: EventSubscriber): void {
  eventSubscribers.push(subscriber);
}
