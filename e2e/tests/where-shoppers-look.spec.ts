import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createUser, DEMO, expectAccessible, loginAs, producerWithProduct, signInBrowser } from './helpers';

const EASTERN = 'America/New_York';
const DAY = 24 * 3_600_000;

/** A word no other farm has (letters only, so the search reads it as one word). */
const uniqueWord = () =>
  `Quill${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** The weekday (0 Sunday) of a moment in Eastern time. */
const easternWeekday = (at: Date) =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, weekday: 'short' }).format(at),
  );

test('/search?q= opens with the words in the field and only the farms they find, and a farm whose FNS number an admin verified shows SNAP on its card', async ({
  browser,
  request,
}) => {
  const word = uniqueWord();
  const { producer, farmName } = await producerWithProduct(request, { farm: `${word} Hollow` });
  // Another farm in the same town that the words do not find.
  const { farmName: otherFarm } = await producerWithProduct(request, { farm: 'Plain Acres' });
  const farm = { authorization: `Bearer ${producer.token}` };
  const saved = await request.put('/api/benefits/mine', {
    headers: farm,
    data: {
      fns_number: '7654321',
      wic_fmnp: { accepted: false, expires_on: null },
      senior_fmnp: { accepted: false, expires_on: null },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // An admin verifies the FNS number (the browser way is in benefits.spec.ts).
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const verified = await request.post(`/api/admin/benefits/${producer.id}/review`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { approve: true, note: null },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  // The search index hears of the change through its change feed.
  await expect
    .poll(
      async () => {
        const list = await (await request.get(`/api/search/producers?view=list&search=${word}`)).json();
        return list.producers.map((p: { farm_name: string; benefit_takes: string[] }) => [p.farm_name, p.benefit_takes]);
      },
      { timeout: 30_000 },
    )
    .toEqual([[farmName, ['snap']]]);

  const shopper = await createUser(request, 'consumer');
  const page = await (await browser.newContext()).newPage();
  await signInBrowser(page, shopper);
  await page.goto(`/search?q=${encodeURIComponent(`${word} hollow`)}`);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(`${word} hollow`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(farmName);
  await expect(card.getByRole('list', { name: 'Benefits taken at pickup' }).getByRole('listitem')).toHaveText(['SNAP']);
  await expect(page.getByText(otherFarm)).toHaveCount(0);
  await expectAccessible(page);

  // The farm's own page says the same near its top.
  await card.getByRole('link', { name: farmName }).click();
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Benefits taken at pickup' }).first()).toContainText('SNAP');
});

test('the farm downloads its standing demand as a CSV from its orders tab, each product in its own unit', async ({
  browser,
  request,
}) => {
  const { producer, productId } = await producerWithProduct(request, { farm: 'Demand Ridge', product: 'Weekly Greens' });
  const farm = { authorization: `Bearer ${producer.token}` };
  expect(
    (
      await request.put('/api/pickup/mine/settings', { headers: farm, data: { cutoff_hours: 24, cap_per_window: null } })
    ).status(),
  ).toBe(200);
  // A market four days from now at 10:00 Eastern.
  const place = await request.post('/api/pickup/mine/points', {
    headers: farm,
    data: {
      kind: 'market',
      name: 'Lexington Farmers Market',
      address: '401 W Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      time_zone: EASTERN,
      schedule: [{ weekday: easternWeekday(new Date(Date.now() + 4 * DAY)), start: '10:00', end: '12:00' }],
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = (await place.json()).point.id as number;
  const windows = (await (await request.get(`/api/pickup/producers/${producer.id}`)).json()).windows as {
    starts_at: string;
    point_id: number;
  }[];
  const first = windows.find((w) => w.point_id === pointId);
  expect(first).toBeTruthy();

  // A shopper reserves two dozen and makes it standing every week.
  const shopper = await createUser(request, 'consumer');
  const order = {
    producerUserId: producer.id,
    items: [{ productId, quantity: 2 }],
    pointId,
    startsAt: first?.starts_at,
    shopperName: 'Dana',
  };
  const placed = await request.post('/api/orders', { headers: { authorization: `Bearer ${shopper.token}` }, data: order });
  expect(placed.status(), await placed.text()).toBe(201);
  const standing = await request.post('/api/standing', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { ...order, everyWeeks: 1, fromOrderId: (await placed.json()).order.id },
  });
  expect(standing.status(), await standing.text()).toBe(201);

  const page = await (await browser.newContext()).newPage();
  await signInBrowser(page, producer);
  await page.goto('/dashboard?tab=orders');
  const table = page.getByRole('table', { name: /Each product per week in its own unit/ });
  await expect(table.getByRole('row', { name: /Weekly Greens/ })).toContainText('2 dozen');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^farmstand-standing-demand-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Kind,Item,Unit,Place,Weekly time,Week of \d{4}-\d{2}-\d{2}/);
  const greens = lines.find((line) => line.includes('Weekly Greens'));
  expect(greens).toMatch(/^Product,Weekly Greens,dozen,Lexington Farmers Market,/);
  // Two every week, the first included (the series starts with the shopper's order).
  expect(greens?.split(',').slice(5).map(Number)).toContain(2);
  // Only the farm downloads its demand.
  expect(
    (await request.get('/api/standing/demand.csv', { headers: { authorization: `Bearer ${shopper.token}` } })).status(),
  ).toBe(403);
});
