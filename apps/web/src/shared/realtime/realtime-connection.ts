import { SOCKET_FALLBACK_WAIT_MS, SOCKET_RECONNECT_DELAY_MS, SOCKET_RETRY_MAX_DELAY_MS } from '@farmstand/shared';
import type { ClientToServerEvents, ServerToClientEvents } from '@farmstand/shared/realtime/events';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => RealtimeSocket;
type Listener = (...args: never[]) => void;

let socketFactory: Promise<SocketFactory> | null = null;

/**
 * socket.io's client is fetched only when a signed-in user needs the live connection, so guests'
 * first load never downloads it.
 */
function loadSocketFactory(): Promise<SocketFactory> {
  socketFactory ??= import('socket.io-client').then(
    ({ io }) =>
      (url, options) =>
        io(url, options) as RealtimeSocket,
  );
  return socketFactory;
}

/** The backend's own port, tried directly when the same-origin connection fails (spec 01 §9). */
export const DIRECT_BACKEND_PORT = 5000;

export type RealtimeConnectionOptions = {
  getToken: () => string | null;
  /** Where the page was served from; the direct fallback keeps its host. */
  location?: Pick<Location, 'origin' | 'protocol' | 'hostname'>;
  createSocket?: SocketFactory;
  onStatusChange?: (connected: boolean) => void;
};

/**
 * The one live connection of the app (spec 01 §4 "Live connection"):
 * - connects only when a token is stored, and never opens a second connection;
 * - on a connection error (only logged) it waits 5 s; if still not connected it drops that
 *   connection and tries the backend directly on port 5000 of the same host, polling first;
 * - the direct port is one attempt among others: if it is not connected 5 s after its own error,
 *   the page's origin is tried again, after a wait that doubles from 1 s up to 30 s, and so on in
 *   turn until one connects (then the wait starts over). A server that is down longer than 5 s
 *   (a deploy) is found again on its own;
 * - reconnect = disconnect, then connect again after 1 s.
 * Listeners are kept here, so they survive the switch to the fallback connection.
 */
export class RealtimeConnection {
  private socket: RealtimeSocket | null = null;
  private fallbackTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private createSocket: SocketFactory | null;
  /** Bumped by every disconnect, so a client library that arrives afterwards opens nothing. */
  private generation = 0;
  /** Rounds of origin-then-direct that failed since the last connection: the next wait doubles. */
  private failedRounds = 0;

  constructor(private readonly options: RealtimeConnectionOptions) {
    this.createSocket = options.createSocket ?? null;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  get hasSocket(): boolean {
    return this.socket !== null;
  }

  connect(): void {
    const token = this.options.getToken();
    if (!token || this.socket) return;
    if (!this.createSocket) {
      const generation = this.generation;
      loadSocketFactory().then(
        (factory) => {
          this.createSocket = factory;
          if (generation === this.generation) this.connect();
        },
        (error: Error) => console.error('live connection unavailable', error.message),
      );
      return;
    }
    this.openOrigin(token);
  }

  disconnect(): void {
    this.generation++;
    this.failedRounds = 0;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
      this.options.onStatusChange?.(false);
    }
  }

  reconnect(): void {
    this.disconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, SOCKET_RECONNECT_DELAY_MS);
  }

  on<K extends keyof ServerToClientEvents>(event: K, listener: ServerToClientEvents[K]): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    this.socket?.on(event, listener as never);
    return () => {
      set.delete(listener as Listener);
      this.socket?.off(event, listener as never);
    };
  }

  emit<K extends keyof ClientToServerEvents>(event: K, ...args: Parameters<ClientToServerEvents[K]>): void {
    this.socket?.emit(event, ...args);
  }

  private openOrigin(token: string): void {
    const origin = this.options.location?.origin ?? window.location.origin;
    this.open(origin, token, ['websocket', 'polling'], true);
  }

  private open(url: string, token: string, transports: ('websocket' | 'polling')[], isPrimary: boolean): void {
    if (!this.createSocket) return;
    const socket = this.createSocket(url, { path: '/socket.io/', auth: { token }, transports });
    this.socket = socket;
    for (const [event, set] of this.listeners) for (const listener of set) socket.on(event as never, listener as never);
    socket.on('connect', () => {
      this.failedRounds = 0;
      this.options.onStatusChange?.(true);
    });
    socket.on('disconnect', () => this.options.onStatusChange?.(false));
    socket.on('connect_error', (error) => {
      console.error('live connection error', error.message);
      if (!this.fallbackTimer)
        this.fallbackTimer = setTimeout(() => this.tryTheOther(socket, token, isPrimary), SOCKET_FALLBACK_WAIT_MS);
    });
  }

  /** The socket still fails 5 s after an error: from the origin go direct; from direct, back to the origin. */
  private tryTheOther(failing: RealtimeSocket, token: string, wasPrimary: boolean): void {
    this.fallbackTimer = null;
    if (this.socket !== failing || failing.connected) return;
    failing.removeAllListeners();
    failing.disconnect();
    this.socket = null;
    if (wasPrimary) {
      const location = this.options.location ?? window.location;
      this.open(`${location.protocol}//${location.hostname}:${DIRECT_BACKEND_PORT}`, token, ['polling', 'websocket'], false);
      return;
    }
    const wait = Math.min(SOCKET_RECONNECT_DELAY_MS * 2 ** this.failedRounds, SOCKET_RETRY_MAX_DELAY_MS);
    this.failedRounds++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      const current = this.options.getToken();
      if (current && !this.socket) this.openOrigin(current);
    }, wait);
  }

  private clearTimers(): void {
    if (this.fallbackTimer) clearTimeout(this.fallbackTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.fallbackTimer = null;
    this.reconnectTimer = null;
  }
}
