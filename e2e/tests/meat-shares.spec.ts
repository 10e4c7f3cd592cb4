import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signInBrowser } from './helpers';

/** Today's calendar day in Kentucky's Eastern time (the share's processing day and cut sheet deadline). */
const todayInKentucky = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

test('a shopper reserves a quarter of a steer on a phone and fills in the cut sheet; the farm records the deposit and enters the bill; the shopper sees what to pay', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const producer = await createUser(request, 'producer');
  const headers = { authorization: `Bearer ${producer.token}` };
  const made = await request.post('/api/producers', {
    headers,
    data: {
      farm_name: `Quarter Beef Farm ${producer.id}`,
      address: '12 Ridge Road',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
    },
  });
  expect(made.status()).toBe(201);
  const today = todayInKentucky();
  const product = await request.post('/api/products', {
    headers,
    data: {
      name: 'Quarter beef share',
      category: 'meat',
      availability: 'available',
      price: 4.5,
      inspection: 'custom_exempt',
      share: {
        animal: 'beef',
        parts: 4,
        animals_available: 1,
        processor: 'Marksbury Farm Market',
        processing_date: today,
        cut_sheet_due: today,
        time_zone: 'America/New_York',
        hanging_weight: 210,
        processing_fee: 160,
        deposit: 200,
        cut_sheet: [
          { label: 'Steak thickness', options: ['¾ inch', '1 inch'] },
          { label: 'Soup bones', options: ['Keep them', 'Leave them'] },
        ],
      },
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = (await product.json()).product_id as number;

  // The shopper, on a phone: the share's terms, one quarter reserved, the cut sheet filled in.
  const shopper = await createUser(request, 'consumer');
  const shopContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shop = await shopContext.newPage();
  await signInBrowser(shop, shopper);
  await shop.goto(`/product/${productId}`);
  await expect(shop.getByText('Quarter of a steer · 4 of 4 left')).toBeVisible();
  await expectAccessible(shop);
  await shop.getByLabel('Your name').fill('Dana Shopper');
  await shop.getByRole('button', { name: 'Reserve · about $1,105.00' }).click();
  await expect(shop).toHaveURL(/\/orders$/);
  await expect(shop.getByRole('heading', { name: '1 × Quarter of a steer' })).toBeVisible();
  await shop.getByLabel('Steak thickness').selectOption('1 inch');
  await shop.getByLabel('Soup bones').selectOption('Keep them');
  await shop.getByLabel('Notes for the processor (optional)').fill('Extra soup bones please');
  await shop.getByRole('button', { name: 'Save cut sheet' }).click();
  await expect(shop.getByText('✓ Cut sheet in')).toBeVisible();
  // The toasts have gone (the reservation's and the cut sheet's) before axe reads the page.
  await shop.mouse.move(0, 0);
  await expect(shop.getByRole('status').filter({ hasText: /reserved|Cut sheet saved/ })).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(shop);

  // The farm: the deposit it took at the farm, the cut sheet marked Not for Sale, then the bill.
  const farmContext = await browser.newContext();
  const farm = await farmContext.newPage();
  await signInBrowser(farm, producer);
  await farm.goto('/dashboard?tab=orders');
  await expect(farm.getByRole('heading', { name: /Meat shares \(1\)/ })).toBeVisible();
  await farm.getByLabel('Deposit received ($)').fill('200');
  await farm.getByRole('button', { name: 'Record deposit' }).click();
  await expect(farm.getByText(/Deposit received: \$200\.00/)).toBeVisible();
  await farm.getByText('Cut sheet', { exact: true }).click();
  await expect(farm.getByText(/NOT FOR SALE/)).toBeVisible();
  await farm.getByLabel('Hanging weight (lb)').fill('212.5');
  await farm.getByLabel('Processing fees ($)').fill('165');
  await expect(farm.getByText('212.5 lb × $4.50/lb + $165.00 − $200.00 deposit = $921.25 to pay at pickup')).toBeVisible();
  await farm.getByRole('button', { name: 'Enter bill' }).click();
  await expect(farm.getByText(/to pay at pickup: \$921\.25/)).toBeVisible();
  await expectAccessible(farm);

  await shop.reload();
  await expect(shop.getByText('To pay at pickup: $921.25')).toBeVisible();
  await shopContext.close();
  await farmContext.close();
});
