import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { MAIL_DIR } from '../mail-catcher';
import { createUser, expectAccessible, producerWithProduct, setServerClock, signInBrowser } from './helpers';

const EASTERN = 'America/New_York';
const HOUR = 3_600_000;

/** The first mail to `to` whose subject starts with `subject`, read from the SMTP test server's mailbox. */
async function mailTo(to: string, subject: string) {
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        for (const file of readdirSync(MAIL_DIR)) {
          const raw = readFileSync(path.join(MAIL_DIR, file));
          if (!raw.subarray(0, 200).toString().includes(to)) continue;
          const mail = await simpleParser(raw);
          if (mail.subject?.startsWith(subject)) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** The local date (YYYY-MM-DD) and weekday of a moment in Eastern time. */
function eastern(at: Date) {
  const date = at.toLocaleDateString('en-CA', { timeZone: EASTERN });
  const [y, m, d] = date.split('-').map(Number);
  return { date, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a shopper makes an order standing, skips a week from the reminder e-mail, and the farm’s demand view shows it', async ({
  browser,
  request,
}) => {
  // A market four days from now at 10:00 Eastern; orders close 24 hours before.
  const first = eastern(new Date(Date.now() + 4 * 24 * HOUR));
  const { producer, farmName, productId } = await producerWithProduct(request, {
    farm: 'Standing Creek',
    product: 'Weekly Greens',
  });
  const farm = { authorization: `Bearer ${producer.token}` };
  expect(
    (
      await request.put('/api/pickup/mine/settings', { headers: farm, data: { cutoff_hours: 24, cap_per_window: null } })
    ).status(),
  ).toBe(200);
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
      schedule: [{ weekday: first.weekday, start: '10:00', end: '12:00' }],
    },
  });
  expect(place.status(), await place.text()).toBe(201);
  const pointId = (await place.json()).point.id as number;
  const windows = (await (await request.get(`/api/pickup/producers/${producer.id}`)).json()).windows as {
    starts_at: string;
    point_id: number;
  }[];
  const [firstWindow, secondWindow] = windows.filter((w) => w.point_id === pointId);

  const shopper = await createUser(request, 'consumer');
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {
      producerUserId: producer.id,
      items: [{ productId, quantity: 2 }],
      pointId,
      startsAt: firstWindow.starts_at,
      shopperName: 'Dana',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  // The shopper repeats the order every week from the orders page.
  const page = await (await browser.newContext()).newPage();
  await signInBrowser(page, shopper);
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Repeat this order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repeat this order' });
  await dialog.getByRole('radio', { name: 'Every week' }).check();
  await dialog.getByRole('button', { name: 'Make it standing' }).click();
  await expect(page.getByText(/Standing reservation made/).first()).toBeVisible();
  await page.goto('/orders?tab=standing');
  await expect(page.getByText(farmName).first()).toBeVisible();
  await expectAccessible(page);

  // Two days before the second week's orders close, the sweep (on the job queue) sends the reminder.
  const secondCutoff = new Date(Date.parse(secondWindow.starts_at) - 24 * HOUR);
  await setServerClock(request, new Date(secondCutoff.getTime() - 47 * HOUR));
  const swept = await request.post('/api/test/sweep');
  expect(swept.status(), await swept.text()).toBe(200);
  const reminder = await mailTo(shopper.email, `Your standing order from ${farmName}`);
  const link = /https?:\/\/\S+\/standing\/skip\/[A-Za-z0-9._-]+/.exec(reminder.text ?? '')?.[0];
  expect(link, reminder.text).toBeTruthy();

  // The link works without signing in, skips that week once, and then says it was used.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link as string);
  await expect(guest.getByRole('heading', { level: 1, name: 'Skip this pickup?' })).toBeVisible();
  await guest.getByRole('button', { name: 'Skip this pickup' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Pickup skipped' })).toBeVisible();
  await expect(guest.getByRole('status')).toContainText('Skipped: no order for');
  await expectAccessible(guest);
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1, name: 'This pickup is skipped' })).toBeVisible();
  await expect(guest.getByRole('status')).toContainText('This link was used');

  // The farm's 8-week demand: 2 for the first week, none for the skipped one, 2 again after.
  const demand = await (await request.get('/api/standing/demand', { headers: farm })).json();
  const row = demand.rows.find((r: { name: string }) => r.name === 'Weekly Greens');
  const producerPage = await (await browser.newContext()).newPage();
  await signInBrowser(producerPage, producer);
  await producerPage.goto('/dashboard?tab=orders');
  const table = producerPage.getByRole('table', {
    name: 'Each product per week in its own unit, from standing reservations and CSA add-ons',
  });
  const cells = table.getByRole('row', { name: /Weekly Greens/ }).getByRole('cell');
  await expect(cells.nth(0)).toContainText('Lexington Farmers Market');
  await expect(cells.nth(1)).toBeVisible();
  // Each week's cell is the quantity in the product's own unit ("2 bunches", or "0").
  const shown = (await cells.allInnerTexts()).slice(1).map((text) => Number.parseInt(text, 10));
  expect(shown).toEqual(row.quantities);
  const secondWeek = demand.weeks.findIndex((monday: string, i: number) => {
    const next = demand.weeks[i + 1] ?? '9999-12-31';
    const date = eastern(new Date(secondWindow.starts_at)).date;
    return monday <= date && date < next;
  });
  expect(row.quantities[secondWeek]).toBe(0);
  expect(row.quantities[secondWeek + 1]).toBe(2);
});
