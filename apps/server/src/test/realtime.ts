import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerToClientEvents } from '@farmstand/shared/realtime/events';
import { io as connectClient, type Socket } from 'socket.io-client';
import { expect, vi } from 'vitest';
import type { Config } from '../config';
import { type RealtimeServer, userRoom } from '../realtime/rooms';
import { createSocketServer } from '../realtime/socket-server';
import { buildTestApp, type TestApp } from './test-app';

export type ClientSocket = Socket;

/** The app listening on a free loopback port with the socket.io server attached, as main.ts runs it. */
export async function startRealtimeApp(configOverrides: Partial<Config> = {}, existing?: TestApp) {
  const app = existing ?? (await buildTestApp(configOverrides));
  const realtime = await createSocketServer(app.server, app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];

  /** A connected client; rejects with the server's reason when the handshake is refused. */
  async function connect(token: string | undefined): Promise<Socket> {
    const socket = connectClient(url, {
      path: '/socket.io/',
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
  }

  return {
    app,
    url,
    io: realtime.io,
    connect,
    close: async () => {
      for (const socket of sockets) socket.disconnect();
      await realtime.close();
      await app.closeAll();
    },
  };
}

/**
 * Waits until `io` finds `count` sockets of the user across the instances: the Redis adapter of each
 * instance holding one is then subscribed, so what `io` publishes reaches them.
 */
export async function seenAcrossInstances(io: RealtimeServer, userId: number, count: number): Promise<void> {
  await vi.waitFor(async () => expect(await io.in(userRoom(userId)).fetchSockets()).toHaveLength(count), {
    timeout: 10_000,
    interval: 100,
  });
}

/** Resolves with the next payload of an event, or fails after `timeoutMs`. */
export function nextEvent<K extends keyof ServerToClientEvents>(
  socket: Socket,
  name: K,
  timeoutMs = 3000,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name as string, onEvent as (...args: unknown[]) => void);
      reject(new Error(`no ${name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onEvent = (payload: Parameters<ServerToClientEvents[K]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    // The client socket is untyped here; the payload type comes from the shared event map.
    socket.once(name as string, onEvent as (...args: unknown[]) => void);
  });
}

/** Asserts that an event does NOT arrive within `waitMs` (for "only participants" rules). */
export async function expectNoEvent(socket: Socket, name: keyof ServerToClientEvents, waitMs = 300): Promise<void> {
  let received: unknown;
  const listener = (payload: unknown) => {
    received = payload;
  };
  socket.on(name, listener);
  // sleep-ok: an event that does not come can only be watched for over a time; callers keep it short.
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  socket.off(name, listener);
  if (received !== undefined) throw new Error(`unexpected ${name}: ${JSON.stringify(received)}`);
}

/** Emits with an acknowledgement and waits for it. */
export function emitWithAck(socket: Socket, name: string, payload: unknown): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(3000).emitWithAck(name, payload);
}

/** Resolves with the reason once the socket is disconnected ('io server disconnect' when the server ended it). */
export function disconnection(socket: Socket, timeoutMs = 3000): Promise<string> {
  if (socket.disconnected && !socket.active) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

export type FloodReport = { reason: string; answered: number; answers: Record<string, number> };

/**
 * Connects a socket.io client in another process and has it send `count` events with an ack each.
 * `sent` resolves when all are written; `ended` when the server disconnected the socket (or, after
 * `stop()`, the client did), with how many acks came back and what they said.
 */
export async function floodFromOtherProcess(
  url: string,
  token: string,
  event: string,
  payload: unknown,
  count: number,
): Promise<{ sent: Promise<void>; ended: Promise<FloodReport>; stop: () => void }> {
  const child = fork(
    fileURLToPath(new URL('./flood-client.mjs', import.meta.url)),
    [url, token, event, JSON.stringify(payload), String(count)],
    {
      execArgv: [],
    },
  );
  const messages: { type: string }[] = [];
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = messages.find((message) => message.type === type);
      if (seen) return resolve(seen);
      child.on('message', (message: { type: string }) => {
        if (message.type === type) resolve(message);
        if (message.type === 'error') reject(new Error(String((message as { message?: string }).message)));
      });
      child.once('exit', () => reject(new Error(`flood client exited before '${type}'`)));
    });
  child.on('message', (message: { type: string }) => messages.push(message));
  await next('connected');
  return {
    sent: next('sent').then(() => undefined),
    ended: next('disconnected') as Promise<FloodReport>,
    // With a callback, a child that already exited is no error.
    stop: () => child.connected && child.send('stop', () => undefined),
  };
}
