import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, setServerClock } from './helpers';

/**
 * The shoppers' side of the markets (issue 48 item 6). The test's own market in Lexington, KY
 * (Saturdays 7 AM–12 PM, America/New_York, season April 3 – November 20, 2027, Kentucky Double
 * Dollars at the booth), made by the admin, with the demo farm invited and accepted as its vendor.
 * The server's clock is set to a Saturday late evening in Lexington, already Sunday in UTC: the
 * next market day is that Saturday in the market's zone, not the Saturday after (what a count in
 * UTC would say). This file moves the clock: it runs in the `server-clock` project.
 */

/** Saturday June 12, 2027, 11:30 PM in Lexington (EDT, UTC-4): 03:30 UTC on Sunday the 13th. */
const SATURDAY_NIGHT = new Date('2027-06-12T23:30:00-04:00');
const NEXT_DAY = 'Saturday, Jun 12';

let NAME = '';
let SLUG = '';

/** Keeps the shopper's location in Lexington, as /search or /map would after a search there. */
async function shopperInLexington(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'userLocation',
      JSON.stringify({ latitude: 38.0431, longitude: -84.4998, address: 'Lexington, KY', type: 'address' }),
    ),
  );
}

test.beforeAll(async ({ request }) => {
  const admin = await loginAs(request, DEMO.admin.email, DEMO.admin.password);
  const made = await request.post('/api/markets', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Lexington Saturday Market ${Date.now() % 1_000_000}`,
      description: 'Farmers and bakers on Saturday mornings downtown.',
      address: '100 W Vine St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      latitude: 38.0431,
      longitude: -84.4998,
      timeZone: 'America/New_York',
      seasonStart: '2027-04-03',
      seasonEnd: '2027-11-20',
      marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
      closedDates: ['2027-07-03'],
      boothSnap: true,
      boothCredit: true,
      boothSenior: true,
      incentiveId: 'ky_double_dollars',
      matchCapCents: 2000,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const market = await made.json();
  NAME = market.name;
  SLUG = market.slug;
  const invited = await request.post(`/api/markets/${market.id}/vendors/invite`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { email: DEMO.producer.email },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const producer = await loginAs(request, DEMO.producer.email, DEMO.producer.password);
  const accepted = await request.post(`/api/markets/${market.id}/accept`, {
    headers: { authorization: `Bearer ${producer.token}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
});

test.afterEach(async ({ request }) => {
  await setServerClock(request, null);
});

test('a guest finds the market in the list and its page shows its vendors and the next market day in the market’s zone', async ({
  page,
  request,
}) => {
  await setServerClock(request, SATURDAY_NIGHT);
  const producer = await loginAs(request, DEMO.producer.email, DEMO.producer.password);
  const farm = await (
    await request.get('/api/producers/me/profile', { headers: { authorization: `Bearer ${producer.token}` } })
  ).json();

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Markets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/markets$/);
  await expect(page).toHaveTitle(/^Farmers markets \| /);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: NAME }) });
  await expect(card).toContainText('Saturdays');
  await expect(card).toContainText(`Next market day: ${NEXT_DAY}`);
  await expect(card.getByRole('list', { name: 'Benefits at this market' })).toContainText('SNAP at the info booth');
  await expectAccessible(page);

  await card.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/markets/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByText('Saturday, Jul 3, 2027')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${NAME} — Lexington, KY \\| `));
  await expect(page.getByTestId('next-market-day')).toHaveText(`Next market day: ${NEXT_DAY}`);
  await expect(page.getByRole('heading', { name: `Vendors on ${NEXT_DAY}` })).toBeVisible();
  const vendor = page.getByRole('link', { name: farm.farm_name, exact: true });
  await expect(vendor).toHaveAttribute('href', `/producer/${producer.id}`);
  const offers = page.getByRole('list', { name: `What ${farm.farm_name} offers` });
  await expect(offers.getByRole('link').first()).toHaveAttribute('href', /^\/product\/\d+$/);
  await expect(page.getByText(/Double Dollars/).first()).toBeVisible();
  await expectAccessible(page);
  // The farm's own page says it attends the market.
  await vendor.click();
  await expect(page.getByRole('heading', { level: 1, name: farm.farm_name })).toBeVisible();
  await expect(page.getByRole('link', { name: NAME })).toHaveAttribute('href', `/markets/${SLUG}`);
});

test('a market pin on the map opens the market’s page by keyboard', async ({ page }) => {
  await shopperInLexington(page);
  await page.goto('/map');
  await expect(page.getByText('Loading producers...')).toHaveCount(0);
  const pin = page.getByRole('button', { name: `${NAME} (farmers market)` });
  await expect(pin).toBeVisible();
  await expectAccessible(page);
  await pin.focus();
  await page.keyboard.press('Enter');
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText(NAME);
  await expect(popup).toContainText('Saturdays');
  const link = popup.getByRole('link', { name: 'View market' });
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/markets/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
});

test('the legend tells markets from farms and hides the market pins', async ({ page }) => {
  await shopperInLexington(page);
  await page.goto('/map');
  const pin = page.locator(`[data-map-key="market-${SLUG}"]`);
  await expect(pin).toBeVisible();
  await page.getByRole('checkbox', { name: 'Farmers markets' }).uncheck();
  await expect(pin).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Farmers markets' }).check();
  await expect(pin).toBeVisible();
});

test('a search by the market’s town shows the market above the farms', async ({ page }) => {
  await page.goto('/search?q=Lexington');
  const block = page.getByRole('region', { name: 'Markets' });
  await expect(block.getByRole('link', { name: NAME })).toHaveAttribute('href', `/markets/${SLUG}`);
  await expect(block).toContainText('Lexington, KY');
  await expectAccessible(page);
  await block.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
});
