import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildUser(app, { userType: 'admin' });
});
afterAll(async () => app.closeAll());

describe('what the admin is told after a status change', () => {
  it('says the user was reactivated, not "User active"', async () => {
    const target = await buildUser(app, { userType: 'consumer' });
    const status = (action: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${target.id}/status`,
        headers: bearer(admin),
        payload: { action },
      });
    expect((await status('suspend')).json().message).toBe('User suspended');
    expect((await status('activate')).json().message).toBe('User reactivated');
  });
});
