import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/factories';
import { eggs, move, orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { expectNoEvent, nextEvent, startRealtimeApp } from '../../test/realtime';

let realtime: Awaited<ReturnType<typeof startRealtimeApp>>;
let shopper: TestUser;

beforeAll(async () => {
  realtime = await startRealtimeApp();
  shopper = await buildUser(realtime.app);
});
afterAll(async () => {
  await realtime.close();
});
beforeEach(() => useTestClock(realtime.app));

it('tells the other side of each move live (order_updated with notify), the actor only to refresh', async () => {
  const { app } = realtime;
  const producer = await setUpMarket(app);
  const egg = await eggs(app, producer);
  const [shopperSocket, producerSocket, stranger] = await Promise.all([
    realtime.connect(shopper.token),
    realtime.connect(producer.token),
    realtime.connect((await buildUser(app)).token),
  ]);

  const toProducer = nextEvent(producerSocket, 'order_updated');
  const toShopper = nextEvent(shopperSocket, 'order_updated');
  const placed = await placeOrder(app, shopper, orderPayload(producer, [{ productId: egg, quantity: 2 }]));
  const id = placed.json().order.id;
  expect(await toProducer).toMatchObject({
    orderId: id,
    status: 'requested',
    notify: true,
    message: expect.stringMatching(/^New order #\d+ from Dana Shopper/),
  });
  expect(await toShopper).toMatchObject({ orderId: id, status: 'requested', notify: false });

  for (const status of ['accepted', 'ready']) {
    const live = nextEvent(shopperSocket, 'order_updated');
    await move(app, producer, id, status);
    expect(await live).toMatchObject({ orderId: id, status, actorRole: 'producer', notify: true });
  }
  await expectNoEvent(stranger, 'order_updated');
});
