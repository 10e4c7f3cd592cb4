import type { ServerToClientEvents } from '@farmstand/shared/realtime/events';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { getToken } from '@/lib/storage';
import { useAuth } from '../auth-context';
import { RealtimeConnection } from './realtime-connection';

type SocketState = { connection: RealtimeConnection; isConnected: boolean };
const SocketContext = createContext<SocketState | null>(null);

/** Owns the app's single live connection: open while signed in, closed on sign-out. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, token } = useAuth();
  const [isConnected, setIsConnected] = useState(false);
  const [connection] = useState(() => new RealtimeConnection({ getToken, onStatusChange: setIsConnected }));

  // The token the open connection signed in with: a new one (a password change ends the old
  // session's sockets on the server) needs a fresh connection, which connect() alone never makes.
  const connectedToken = useRef<string | null>(null);
  useEffect(() => {
    if (isAuthenticated && token) {
      if (connectedToken.current !== null && connectedToken.current !== token) connection.disconnect();
      connectedToken.current = token;
      connection.connect();
    } else {
      connectedToken.current = null;
      connection.disconnect();
    }
  }, [connection, isAuthenticated, token]);

  useEffect(() => () => connection.disconnect(), [connection]);

  return <SocketContext.Provider value={{ connection, isConnected }}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketState {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used inside SocketProvider');
  return value;
}

/** Subscribes to a server event for the component's lifetime; the newest handler is always called. */
export function useSocketEvent<K extends keyof ServerToClientEvents>(event: K, handler: ServerToClientEvents[K]): void {
  const { connection } = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const forward = ((...args: Parameters<ServerToClientEvents[K]>) =>
      (latest.current as (...a: Parameters<ServerToClientEvents[K]>) => void)(...args)) as ServerToClientEvents[K];
    return connection.on(event, forward);
  }, [connection, event]);
}
