import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { bearer, buildUser } from '../../test/factories';
import { buildProducer, validProfile } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const DAY_MS = 86_400_000;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
const becomeProducer = (user: { token: string }, payload: object = { confirm: true }) =>
  app.inject({ method: 'POST', url: '/api/auth/become-producer', headers: bearer(user), payload });

describe('a shopper becomes a producer', () => {
  it('starts the free trial, answers a token naming the new type, and leads to the farm profile like a registration', async () => {
    const shopper = await buildUser(app);
    const res = await becomeProducer(shopper);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ id: shopper.id, userType: 'producer', subscription: { status: 'trialing' } });
    const days = (new Date(user.subscription.trial_ends_at).getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(claimsOf(token).userType).toBe('producer');
    // No farm profile yet: the next step is the same as after registering as a producer.
    expect((await app.inject({ url: '/api/producers/me/profile', headers: bearer({ token }) })).statusCode).toBe(404);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/producers',
      headers: bearer({ token }),
      payload: validProfile(),
    });
    expect(profile.statusCode).toBe(201);
  });

  it('drops the favourites and keeps the reviews the shopper wrote', async () => {
    const farm = await buildProducer(app);
    const shopper = await buildUser(app);
    expect((await app.inject({ method: 'POST', url: `/api/favorites/${farm.id}`, headers: bearer(shopper) })).statusCode).toBe(
      200,
    );
    const review = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(shopper),
      payload: { producerId: farm.id, rating: 5, content: 'Lovely eggs every week.' },
    });
    expect(review.statusCode).toBe(201);
    expect((await app.inject({ url: `/api/favorites/count/${farm.id}` })).json().count).toBe(1);

    const { token } = (await becomeProducer(shopper)).json();
    expect((await app.inject({ url: `/api/favorites/count/${farm.id}` })).json().count).toBe(0);
    const mine = await app.inject({ url: '/api/reviews/my-reviews', headers: bearer({ token }) });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Lovely eggs every week.');
  });

  it('gives no second trial to an account that had one before', async () => {
    const shopper = await buildUser(app);
    const endedAt = new Date(Date.now() - 5 * DAY_MS);
    await app.ctx.db
      .update(subscriptions)
      .set({ status: 'none', trialEndsAt: endedAt })
      .where(eq(subscriptions.userId, shopper.id));
    const res = await becomeProducer(shopper);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.subscription).toEqual({ status: 'none', trial_ends_at: endedAt.toISOString() });
  });

  it('needs an explicit confirmation, and changes nothing without it', async () => {
    const shopper = await buildUser(app);
    const res = await becomeProducer(shopper, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/confirm/i);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(shopper) })).json().userType).toBe('consumer');
  });

  it('is refused to producers and admins, and to guests', async () => {
    const producer = await buildUser(app, { userType: 'producer' });
    expect((await becomeProducer(producer)).statusCode).toBe(403);
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await becomeProducer(admin)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/auth/become-producer', payload: { confirm: true } })).statusCode).toBe(
      401,
    );
  });

  it('an admin turning a shopper into a producer starts the same trial and drops the favourites', async () => {
    const admin = await buildUser(app, { userType: 'admin' });
    const farm = await buildProducer(app);
    const shopper = await buildUser(app);
    await app.inject({ method: 'POST', url: `/api/favorites/${farm.id}`, headers: bearer(shopper) });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${shopper.id}/type`,
      headers: bearer(admin),
      payload: { newType: 'producer' },
    });
    expect(res.statusCode).toBe(200);
    const me = (await app.inject({ url: '/api/auth/me', headers: bearer(shopper) })).json();
    expect(me).toMatchObject({ userType: 'producer', subscription: { status: 'trialing' } });
    expect((await app.inject({ url: `/api/favorites/count/${farm.id}` })).json().count).toBe(0);
  });
});
