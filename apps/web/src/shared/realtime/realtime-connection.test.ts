import { SOCKET_FALLBACK_WAIT_MS, SOCKET_RECONNECT_DELAY_MS, SOCKET_RETRY_MAX_DELAY_MS } from '@farmstand/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection, type RealtimeSocket } from './realtime-connection';

type Handler = (...args: unknown[]) => void;

/** A stand-in for a socket.io client socket that records what was done to it. */
function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const socket = {
    connected: false,
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    }),
    off: vi.fn(),
    emit: vi.fn(),
    disconnect: vi.fn(() => {
      socket.connected = false;
    }),
    removeAllListeners: vi.fn(),
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  return socket;
}

const location = { origin: 'https://farmstand.test', protocol: 'https:', hostname: 'farmstand.test' };

describe('RealtimeConnection (spec 01 §4)', () => {
  let token: string | null;
  let created: { url: string; options: Record<string, unknown>; socket: ReturnType<typeof fakeSocket> }[];
  let connection: RealtimeConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    token = 'jwt';
    created = [];
    connection = new RealtimeConnection({
      getToken: () => token,
      location,
      createSocket: (url, options) => {
        const socket = fakeSocket();
        created.push({ url, options: options as Record<string, unknown>, socket });
        return socket as unknown as RealtimeSocket;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects only with a stored token', () => {
    token = null;
    connection.connect();
    expect(created).toHaveLength(0);
  });

  it('opens one same-origin connection with the token, websocket first, and never a second', () => {
    connection.connect();
    connection.connect();
    expect(created).toHaveLength(1);
    expect(created[0].url).toBe('https://farmstand.test');
    expect(created[0].options).toMatchObject({
      path: '/socket.io/',
      auth: { token: 'jwt' },
      transports: ['websocket', 'polling'],
    });
  });

  it('after a connection error waits 5 s, then drops it and goes direct to port 5000, polling first', () => {
    connection.connect();
    created[0].socket.fire('connect_error', new Error('refused'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS - 1);
    expect(created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(created[0].socket.disconnect).toHaveBeenCalled();
    expect(created).toHaveLength(2);
    expect(created[1].url).toBe('https://farmstand.test:5000');
    expect(created[1].options).toMatchObject({ transports: ['polling', 'websocket'], auth: { token: 'jwt' } });
  });

  it('keeps the connection when it recovered within the 5 s', () => {
    connection.connect();
    created[0].socket.fire('connect_error', new Error('blip'));
    created[0].socket.connected = true;
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    expect(created).toHaveLength(1);
    expect(created[0].socket.disconnect).not.toHaveBeenCalled();
  });

  it('reconnects by disconnecting, then connecting again after 1 s', () => {
    connection.connect();
    connection.reconnect();
    expect(created[0].socket.disconnect).toHaveBeenCalled();
    expect(created).toHaveLength(1);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(created).toHaveLength(2);
  });

  it('keeps listeners across the switch to the fallback connection', () => {
    const listener = vi.fn();
    connection.on('announcement', listener);
    connection.connect();
    created[0].socket.fire('connect_error', new Error('refused'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    created[1].socket.fire('announcement', { message: 'hi' });
    expect(listener).toHaveBeenCalledWith({ message: 'hi' });
  });

  it('does not stay on the direct port: when it fails too, the origin is tried again, waiting longer each round', () => {
    connection.connect();
    const failRound = (originIndex: number) => {
      created[originIndex].socket.fire('connect_error', new Error('deploying'));
      vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
      expect(created[originIndex + 1].url).toBe('https://farmstand.test:5000');
      created[originIndex + 1].socket.fire('connect_error', new Error('no direct port'));
      vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
      expect(created[originIndex + 1].socket.disconnect).toHaveBeenCalled();
    };
    failRound(0);
    expect(created).toHaveLength(2);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(created).toHaveLength(3);
    expect(created[2].url).toBe('https://farmstand.test');
    expect(created[2].options).toMatchObject({ transports: ['websocket', 'polling'] });

    failRound(2);
    vi.advanceTimersByTime(2 * SOCKET_RECONNECT_DELAY_MS - 1);
    expect(created).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(created[4].url).toBe('https://farmstand.test');
    for (let round = 0; round < 8; round++) {
      failRound(created.length - 1);
      vi.advanceTimersByTime(SOCKET_RETRY_MAX_DELAY_MS);
    }
    expect(created.at(-1)?.url).toBe('https://farmstand.test');

    // The server is back: the origin connects, and the next outage starts again from a short wait.
    const back = created.at(-1)?.socket;
    if (!back) throw new Error('no socket');
    back.connected = true;
    back.fire('connect');
    const count = created.length;
    vi.advanceTimersByTime(10 * SOCKET_RETRY_MAX_DELAY_MS);
    expect(created).toHaveLength(count);
    back.connected = false;
    back.fire('disconnect');
    failRound(count - 1);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(created.at(-1)?.url).toBe('https://farmstand.test');
  });

  it('retries the origin with the token stored by then, and not at all after sign-out', () => {
    connection.connect();
    created[0].socket.fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    created[1].socket.fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    token = 'jwt-2';
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(created[2].options).toMatchObject({ auth: { token: 'jwt-2' } });
    created[2].socket.fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    created[3].socket.fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(SOCKET_FALLBACK_WAIT_MS);
    token = null;
    vi.advanceTimersByTime(SOCKET_RETRY_MAX_DELAY_MS);
    expect(created).toHaveLength(4);
  });
});
