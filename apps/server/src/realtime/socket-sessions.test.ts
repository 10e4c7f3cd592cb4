import { CLIENT_EVENTS } from '@farmstand/shared/realtime/events';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../lib/tokens';
import { bearer, buildUser, lastEmailLink, type TestUser } from '../test/factories';
import { type ClientSocket, disconnection, emitWithAck, startRealtimeApp } from '../test/realtime';

let server: Awaited<ReturnType<typeof startRealtimeApp>>;
let admin: TestUser;

beforeAll(async () => {
  server = await startRealtimeApp();
  admin = await buildUser(server.app, { userType: 'admin' });
});
afterAll(() => server.close());

const request = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, user?: TestUser) =>
  server.app.inject({ method, url, payload, headers: user ? bearer(user) : {} });

/** Two open sockets of a fresh user (two tabs), and one of someone else that must stay connected. */
async function openSockets(): Promise<{ user: TestUser; tabs: ClientSocket[]; bystander: ClientSocket }> {
  const user = await buildUser(server.app);
  const tabs = await Promise.all([server.connect(user.token), server.connect(user.token)]);
  const bystander = await server.connect((await buildUser(server.app)).token);
  return { user, tabs, bystander };
}

/** Listens from before the request (hashing a password takes a while on a busy machine). */
async function expectEnded(tabs: ClientSocket[], bystander: ClientSocket): Promise<void> {
  const reasons = await Promise.all(tabs.map((tab) => disconnection(tab, 20_000).catch((error: Error) => error.message)));
  expect(reasons).toEqual(tabs.map(() => 'io server disconnect'));
  expect(bystander.connected).toBe(true);
}

describe('live sockets end with the session', () => {
  it('disconnects every socket of a user an admin suspends', async () => {
    const { user, tabs, bystander } = await openSockets();
    const ended = expectEnded(tabs, bystander);
    expect((await request('PUT', `/api/admin/users/${user.id}/status`, { action: 'suspend' }, admin)).statusCode).toBe(200);
    await ended;
    await expect(server.connect(user.token)).rejects.toThrow('Authentication failed');
  });

  it('disconnects every socket of a user an admin deletes', async () => {
    const { user, tabs, bystander } = await openSockets();
    const ended = expectEnded(tabs, bystander);
    expect((await request('PUT', `/api/admin/users/${user.id}/status`, { action: 'delete' }, admin)).statusCode).toBe(200);
    await ended;
  });

  it('disconnects every socket opened before a password change', async () => {
    const { user, tabs, bystander } = await openSockets();
    const ended = expectEnded(tabs, bystander);
    const response = await request(
      'POST',
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'another-long-password' },
      user,
    );
    expect(response.statusCode).toBe(200);
    await ended;
    // The fresh session of the device that changed it connects again.
    const fresh = await server.connect(response.json().token);
    expect(fresh.connected).toBe(true);
  });

  it('disconnects every socket opened before a password reset', async () => {
    const { user, tabs, bystander } = await openSockets();
    const ended = expectEnded(tabs, bystander);
    expect((await request('POST', '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const link = new URL(await lastEmailLink(server.app, user.email, '/reset-password'));
    const token = link.searchParams.get('token');
    expect((await request('POST', '/api/auth/reset-password', { token, password: 'a-brand-new-password' })).statusCode).toBe(200);
    await ended;
  });

  it('disconnects a socket when its token expires', async () => {
    const user = await buildUser(server.app);
    const shortLived = await signAccessToken({ ...user, tokenVersion: 0 }, server.app.ctx.config.jwtSecret, 2);
    const socket = await server.connect(shortLived);
    expect(await disconnection(socket, 5000)).toBe('io server disconnect');
  });

  it("disconnects a socket when the admin's session_timeout since sign-in runs out, before the token's expiry", async () => {
    const user = await buildUser(server.app);
    const { session_timeout: days } = await server.app.ctx.settings.get('security');
    const nowSeconds = Math.floor(Date.now() / 1000);
    // Signed in almost `days` ago with a token that would last another week.
    const token = await new SignJWT({ email: user.email, userType: user.userType, tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(nowSeconds - days * 86_400 + 2)
      .setExpirationTime(nowSeconds + 7 * 86_400)
      .sign(new TextEncoder().encode(server.app.ctx.config.jwtSecret));
    const socket = await server.connect(token);
    expect(await disconnection(socket, 6000)).toBe('io server disconnect');
  });

  it('keeps a socket whose session is still valid', async () => {
    const user = await buildUser(server.app);
    const socket = await server.connect(user.token);
    // The server answers after its connection handler set the session timer: the socket is still open.
    expect(await emitWithAck(socket, CLIENT_EVENTS.joinConversation, 0)).toMatchObject({ ok: false });
    expect(socket.connected).toBe(true);
  });
});
