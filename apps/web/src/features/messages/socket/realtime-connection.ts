import { SOCKET_FALLBACK_WAIT_MS, SOCKET_RECONNECT_DELAY_MS } from '@farmstand/shared';
import type { ClientToServerEvents, ServerToClientEvents } from '@farmstand/shared/realtime/events';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => RealtimeSocket;
type Listener = (...args: never[]) => void;

let socketFactory: Promise<SocketFactory> | null = null;

/**
 * socket.io's client is fetched only when a signed-in user needs the live connection, so guests'
 * first load never downloads it (issue 11 item 2, docs/decisions/153).
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
    const origin = this.options.location?.origin ?? window.location.origin;
    this.open(origin, token, ['websocket', 'polling'], true);
  }

  disconnect(): void {
    this.generation++;
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

  private open(url: string, token: string, transports: ('websocket' | 'polling')[], isPrimary: boolean): void {
    if (!this.createSocket) return;
    const socket = this.createSocket(url, { path: '/socket.io/', auth: { token }, transports });
    this.socket = socket;
    for (const [event, set] of this.listeners) for (const listener of set) socket.on(event as never, listener as never);
    socket.on('connect', () => this.options.onStatusChange?.(true));
    socket.on('disconnect', () => this.options.onStatusChange?.(false));
    socket.on('connect_error', (error) => {
      console.error('live connection error', error.message);
      if (isPrimary && !this.fallbackTimer)
        this.fallbackTimer = setTimeout(() => this.fallBack(socket, token), SOCKET_FALLBACK_WAIT_MS);
    });
  }

  private fallBack(primary: RealtimeSocket, token: string): void {
    this.fallbackTimer = null;
    if (this.socket !== primary || primary.connected) return;
    primary.removeAllListeners();
    primary.disconnect();
    this.socket = null;
    const location = this.options.location ?? window.location;
    this.open(`${location.protocol}//${location.hostname}:${DIRECT_BACKEND_PORT}`, token, ['polling', 'websocket'], false);
  }

  private clearTimers(): void {
    if (this.fallbackTimer) clearTimeout(this.fallbackTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.fallbackTimer = null;
    this.reconnectTimer = null;
  }
}
