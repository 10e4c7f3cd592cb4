import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { describeAdminAction } from './activity-wording';

// Recent activity reads as sentences, never as a log code such as 'update settings settings #security'.
describe('describeAdminAction', () => {
  it.each([
    [{ action: 'update_settings', targetType: 'settings', targetId: 'security' }, 'a@x.test changed the security settings'],
    [{ action: 'suspend_user', targetType: 'user', targetId: '12' }, 'a@x.test suspended user #12'],
    [
      { action: 'change_user_type', targetType: 'user', targetId: '7', details: { from: 'producer', to: 'consumer' } },
      'a@x.test made user #7 a consumer',
    ],
    [
      { action: 'request_more_info_producer', targetType: 'producer', targetId: '9' },
      'a@x.test asked producer #9 for more information',
    ],
    [{ action: 'grant_subscription', targetType: 'user', targetId: '5' }, 'a@x.test granted a subscription to user #5'],
    [{ action: 'clear_cache', targetType: 'system', targetId: null }, 'a@x.test cleared the caches'],
    [{ action: 'approve_review', targetType: 'review', targetId: '3' }, 'a@x.test approved review #3'],
  ])('%j', (entry, sentence) => {
    expect(describeAdminAction({ admin: 'a@x.test', ...entry })).toBe(sentence);
  });

  it('reads an unknown action without underscores', () => {
    expect(describeAdminAction({ admin: null, action: 'archive_things', targetType: 'old_thing', targetId: '1' })).toBe(
      'An admin: archive things old thing #1',
    );
  });
});

describe('GET /api/admin/analytics recent activity', () => {
  let app: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await buildUser(app, { userType: 'admin' });
  });
  afterAll(async () => app.closeAll());

  it('describes a settings change as a sentence', async () => {
    const save = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/security',
      headers: bearer(admin),
      payload: { max_login_attempts: 6 },
    });
    expect(save.statusCode).toBe(200);
    const res = await app.inject({ url: '/api/admin/analytics?timeRange=30d', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const descriptions = res.json().recent_activity.map((a: { description: string }) => a.description);
    expect(descriptions).toContain(`${admin.email} changed the security settings`);
    expect(descriptions.join(' ')).not.toMatch(/_|settings settings|#security/);
  });
});
