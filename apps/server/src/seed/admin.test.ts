import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';
import { ensureAdmin } from './admin';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.closeAll());

const me = (token: string) => app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD at start)', () => {
  it('a restart with the same password keeps sessions; a new ADMIN_PASSWORD ends them', async () => {
    const admin = await buildUser(app, { userType: 'admin', email: 'boss@example.com' });
    await ensureAdmin(app.ctx, 'boss@example.com', admin.password);
    expect((await me(admin.token)).statusCode).toBe(200);
    await ensureAdmin(app.ctx, 'boss@example.com', 'rotated-admin-password');
    expect((await me(admin.token)).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password: 'rotated-admin-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
