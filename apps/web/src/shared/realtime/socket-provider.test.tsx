import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from './realtime-connection';

const auth = vi.hoisted(() => ({ current: { isAuthenticated: true, token: 'first-token' as string | null } }));
vi.mock('../auth-context', () => ({ useAuth: () => auth.current }));

import { SocketProvider } from './socket-provider';

afterEach(() => vi.restoreAllMocks());

describe('the live connection follows the session token', () => {
  it('opens a fresh connection when the token changes (a password change ends the old session)', () => {
    const connect = vi.spyOn(RealtimeConnection.prototype, 'connect').mockImplementation(() => undefined);
    const disconnect = vi.spyOn(RealtimeConnection.prototype, 'disconnect').mockImplementation(() => undefined);
    const view = render(<SocketProvider>child</SocketProvider>);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(disconnect).not.toHaveBeenCalled();
    auth.current = { isAuthenticated: true, token: 'second-token' };
    view.rerender(<SocketProvider>child</SocketProvider>);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledTimes(2);
    expect(disconnect.mock.invocationCallOrder[0]).toBeLessThan(connect.mock.invocationCallOrder[1]);
  });
});
