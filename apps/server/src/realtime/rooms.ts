import type { Server, Socket } from 'socket.io';

// biome-ignore lint/suspicious/noExplicitAny: events are declared per domain in packages/shared/realtime
type DefaultEventsMap = Record<string, (...args: any[]) => void>;

export type SocketData = { userId: number; email: string; userType: string };
export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
export const conversationRoom = (conversationId: number) => `conversation:${conversationId}`;
