import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { unsubscribeHeaders } from '../../lib/mailer';
import { addSummerShare } from '../../test/csa-helpers';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer } from '../../test/listing-factories';
import { advanceHours, eggs, orderPayload, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { noticeUnsubscribeUrl } from './notices.service';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(() => useTestClock(app));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

const noticesTo = async (email: string) =>
  (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((m) =>
    m.subject.startsWith('Ordering is open'),
  );

/** A farm with a Saturday market, followed by three shoppers. */
async function followedFarm() {
  const farm = await setUpMarket(app);
  const shoppers = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
  for (const s of shoppers) expect((await send('POST', `/api/favorites/${farm.id}`, s)).statusCode).toBeLessThan(300);
  return { farm, shoppers };
}

describe('"ordering is open" notices', () => {
  it('mails the farm’s followers once a day with its next pickups, what’s new and a one-click unsubscribe for that farm', async () => {
    const { farm, shoppers } = await followedFarm();
    const [dana, lee, kim] = shoppers;
    // Kim turned this farm's notices off on the favourites page.
    const off = await send('PUT', `/api/notices/subscriptions/${farm.id}`, kim, { notices: false });
    expect(off.json().farms).toEqual([expect.objectContaining({ producer_user_id: farm.id, notices: false })]);
    expect((await send('GET', '/api/notices/mine', farm)).json()).toMatchObject({ sent_today: false, audience: 2 });

    const sent = await send('POST', '/api/notices', farm, { message: 'First strawberries of the year!' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recipients).toBe(2);
    const [mail] = await noticesTo(dana.email);
    expect(mail.subject).toBe(`Ordering is open at Farm ${farm.id}`);
    expect(mail.body).toContain('First strawberries of the year!');
    expect(mail.body).toContain('Lexington Farmers Market');
    const link = noticeUnsubscribeUrl(app.ctx, dana.id, farm.id);
    expect(mail.body).toContain(link);
    expect(unsubscribeHeaders(mail.body, app.ctx.config.publicUrl)).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await noticesTo(lee.email)).toHaveLength(1);
    expect(await noticesTo(kim.email)).toHaveLength(0);

    // Once a day per farm, also when two arrive together.
    const again = await Promise.all([
      send('POST', '/api/notices', farm, { message: 'Again' }),
      send('POST', '/api/notices', farm, { message: 'Again' }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(again[0].json().message).toBe('You already told your shoppers today: the next notice can go out tomorrow');
    expect((await send('GET', '/api/notices/mine', farm)).json().sent_today).toBe(true);

    // Dana's one click (the mail client's POST) is honoured for the very next notice.
    const token = link.split('/').pop() ?? '';
    const click = await app.inject({
      method: 'POST',
      url: `/api/notices/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.json().message).toContain(`from Farm ${farm.id}`);
    advanceHours(24);
    const tomorrow = await send('POST', '/api/notices', farm, { message: 'Sweet corn' });
    expect(tomorrow.json().recipients).toBe(1);
    expect(await noticesTo(dana.email)).toHaveLength(1);
    expect(await noticesTo(lee.email)).toHaveLength(2);
  });

  it('opens the page that asks from the mail’s link, and refuses a link that was changed or made for another farm', async () => {
    const { farm, shoppers } = await followedFarm();
    const token = noticeUnsubscribeUrl(app.ctx, shoppers[0].id, farm.id).split('/').pop() ?? '';
    const open = await send('GET', `/api/notices/unsubscribe/${token}`, null);
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe(`/notices/unsubscribe/${token}`);
    const [ids, signature] = token.split('.');
    const [userId] = ids.split('-');
    for (const forged of [`${userId}-${farm.id + 1}.${signature}`, `${ids}.${signature.slice(1)}x`, `${userId}.${signature}`]) {
      const res = await send('POST', `/api/notices/unsubscribe/${forged}`, null);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().message).toContain('This unsubscribe link is not valid');
    }
    // A reminder's token is not a notice's token.
    const reminder = await send('POST', `/api/notices/unsubscribe/${shoppers[0].id}-${farm.id}.${'a'.repeat(43)}`, null);
    expect(reminder.statusCode).toBe(400);
  });

  it('is for producers with pickup times, and a shopper changes only their own favourites', async () => {
    const { farm, shoppers } = await followedFarm();
    expect((await send('POST', '/api/notices', shoppers[0], { message: 'Hi' })).statusCode).toBe(403);
    expect((await send('POST', '/api/notices', null, { message: 'Hi' })).statusCode).toBe(401);
    expect((await send('POST', '/api/notices', farm, { message: '' })).statusCode).toBe(400);
    const bare = await buildProducer(app);
    const none = await send('POST', '/api/notices', bare, { message: 'Hi' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('Add a pickup time first');
    const stranger = await buildUser(app);
    const notMine = await send('PUT', `/api/notices/subscriptions/${farm.id}`, stranger, { notices: false });
    expect(notMine.statusCode).toBe(404);
  });

  it('tells a standing member and a CSA member why they get the ordering-is-open notice', async () => {
    const { farm, shoppers } = await followedFarm();
    const egg = await eggs(app, farm, { stockQuantity: 40 });
    const [standing, member] = [await buildUser(app), await buildUser(app)];
    const made = await send('POST', '/api/standing', standing, {
      ...orderPayload(farm, [{ productId: egg, quantity: 2 }]),
      everyWeeks: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const plan = await addSummerShare(app, farm);
    const joined = await send('POST', `/api/csa/${plan.id}/join`, member, {
      point_id: farm.pointId,
      size: 0,
      dislikes: null,
      shopperName: 'Member',
      shopperPhone: '(859) 555-0100',
    });
    expect(joined.statusCode, joined.body).toBe(201);

    expect((await send('POST', '/api/notices', farm, { message: 'Peas are in' })).json().recipients).toBe(5);
    const [toStanding] = await noticesTo(standing.email);
    expect(toStanding.body).toContain(`You get this because you have a standing reservation with Farm ${farm.id}.`);
    expect(toStanding.body).not.toContain('one of your favourites');
    const [toMember] = await noticesTo(member.email);
    expect(toMember.body).toContain(`You get this because you are a member of Summer Veggie Share at Farm ${farm.id}.`);
    const [toFollower] = await noticesTo(shoppers[0].email);
    expect(toFollower.body).toContain(`You get this because Farm ${farm.id} is one of your favourites.`);
  });

  it('shows the same follower count on the dashboard and the farm page, and the members beside it', async () => {
    const { farm } = await followedFarm();
    const egg = await eggs(app, farm, { stockQuantity: 40 });
    for (const shopper of [await buildUser(app), await buildUser(app)]) {
      const made = await send('POST', '/api/standing', shopper, {
        ...orderPayload(farm, [{ productId: egg, quantity: 1 }]),
        everyWeeks: 1,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const page = (await send('GET', `/api/favorites/count/${farm.id}`, null)).json();
    const dashboard = (await send('GET', '/api/notices/mine', farm)).json();
    expect(page.count).toBe(3);
    expect(dashboard).toMatchObject({ followers: page.count, members: 2, audience: 5 });
  });
});
