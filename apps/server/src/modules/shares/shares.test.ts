import { defaultCutSheet } from '@farmstand/shared/schemas/shares';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, products } from '../../db/schema';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import { buildProducer, type TestProducer } from '../../test/listing-factories';
import { orderPayload, placeOrder, setUpMarket, useTestClock } from '../../test/orders-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
// Wednesday 5 June 2030, noon in Kentucky (Eastern daylight time).
beforeEach(() => useTestClock(app, new Date('2030-06-05T16:00:00Z')));

const at = (iso: string) => {
  app.ctx.clock = { now: () => new Date(iso) };
};

/** Quarters of a steer: 2 animals, $4.50/lb hanging, about 210 lb and $160 of processing per quarter. */
const quarterBeef = (overrides: Record<string, unknown> = {}, share: Record<string, unknown> = {}) => ({
  name: 'Quarter beef share',
  category: 'meat',
  availability: 'available',
  price: 4.5,
  inspection: 'custom_exempt',
  share: {
    animal: 'beef',
    parts: 4,
    animals_available: 2,
    processor: 'Marksbury Farm Market',
    processing_date: '2030-06-20',
    cut_sheet_due: '2030-06-12',
    time_zone: 'America/New_York',
    hanging_weight: 210,
    processing_fee: 160,
    deposit: 200,
    deposit_link: null,
    cut_sheet: defaultCutSheet('beef'),
    ...share,
  },
  ...overrides,
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

async function listShare(overrides: Record<string, unknown> = {}, share: Record<string, unknown> = {}) {
  const farm = await buildProducer(app);
  const res = await send('POST', '/api/products', farm, quarterBeef(overrides, share));
  expect(res.statusCode, res.body).toBe(201);
  return { farm, productId: res.json().product_id as number, product: res.json().product };
}

const reserve = (user: TestUser, productId: number, quantity = 1) =>
  send('POST', '/api/shares', user, { product_id: productId, quantity, shopper_name: 'Dana Reyes' });

const cutSheetAnswers = () => ({
  answers: defaultCutSheet('beef').map((q) => ({ question: q.label, answer: q.options[0] })),
  notes: 'Extra soup bones if there are any',
});

describe('listing a share of an animal', () => {
  it('offers animals × parts shares with an estimate, custom exempt, at a price per lb of hanging weight', async () => {
    const { product } = await listShare();
    // 210 lb × $4.50 = $945.00, + $160 processing.
    expect(product).toMatchObject({ price: 4.5, price_unit: 'lb hanging weight', inspection: 'custom_exempt' });
    expect(product.share).toMatchObject({ shares_total: 8, shares_left: 8, estimate: 1105, processor: 'Marksbury Farm Market' });
  });

  it('refuses a deposit above the estimate, a deadline after processing, variants and a share outside meat', async () => {
    const farm = await buildProducer(app);
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{}, { deposit: 1105.01 }, 'The deposit cannot be more than the share’s estimated price'],
      [
        {},
        { cut_sheet_due: '2030-06-21' },
        'The cut sheet deadline must be on or before the processing date: the processor needs it',
      ],
      [{ variants: [{ name: 'Ribeye', price: 18 }] }, {}, 'A share is priced by its hanging weight'],
      [{ category: 'produce', inspection: null }, {}, 'A share of an animal is listed in the Meat category'],
      [{}, { parts: 0 }, 'Shares per animal must be at least 1 (a whole animal)'],
      [
        {},
        { cut_sheet: [{ label: 'Steaks', options: ['1 inch'] }] },
        'Each cut sheet question needs at least 2 answers to choose from',
      ],
    ];
    for (const [overrides, share, message] of cases) {
      const res = await send('POST', '/api/products', farm, quarterBeef(overrides, share));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('keeps custom-exempt meat off retail listings that are not shares', async () => {
    const farm = await buildProducer(app);
    const res = await send('POST', '/api/products', farm, quarterBeef({ share: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Custom-exempt meat cannot be sold as retail cuts');
  });
});

describe('reserving shares', () => {
  it('reserves a quarter, tells the farm, and counts it against the animals', async () => {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    const res = await reserve(shopper, productId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().share).toMatchObject({
      status: 'reserved',
      share_label: 'Quarter of a steer',
      estimate: 1105,
      deposit_requested: 200,
      state_label: 'Deposit due',
      cut_sheet_open: true,
    });
    const page = await send('GET', `/api/products/${productId}`, null);
    expect(page.json().product.share.shares_left).toBe(7);
    const farmEmail = (await send('GET', '/api/auth/me', farm)).json().user?.email ?? farm.email;
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, farmEmail));
    expect(mails.map((m) => m.subject)).toContain('New share reservation: 1 × Quarter of a steer');
    expect((await send('GET', '/api/shares/received', farm)).json().shares).toHaveLength(1);
    expect((await send('GET', '/api/shares/mine', shopper)).json().shares).toHaveLength(1);
  });

  it('accepts exactly one of many parallel reservations for the last quarter, and shows the share sold out', async () => {
    const { productId } = await listShare({}, { animals_available: 1 });
    // Two shoppers take 3 of the 4 quarters (one shopper may hold 2 of one share product by default).
    expect((await reserve(await buildUser(app), productId, 2)).statusCode).toBe(201);
    expect((await reserve(await buildUser(app), productId, 1)).statusCode).toBe(201);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
    const answers = await Promise.all(shoppers.map((s) => reserve(s, productId)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe('Every share of this animal is reserved');
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row.availability).toBe('sold_out');

    // A cancelled quarter comes back.
    const winner = answers.find((r) => r.statusCode === 201)?.json().share;
    const owner = shoppers[answers.findIndex((r) => r.statusCode === 201)];
    expect((await send('POST', `/api/shares/${winner.id}/cancel`, owner, {})).statusCode).toBe(200);
    const page = await send('GET', `/api/products/${productId}`, null);
    expect(page.json().product).toMatchObject({ availability: 'available', share: { shares_left: 1 } });
  });

  it('refuses more shares than are left, its own farm, and reservations after the cut sheet deadline', async () => {
    const { farm, productId } = await listShare({}, { animals_available: 1 });
    const shopper = await buildUser(app);
    const many = await reserve(shopper, productId, 5);
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe('Only 4 shares are left: reserve 4 or fewer');
    expect((await reserve(farm, productId)).statusCode).toBe(403);
    // An id past the database's integers is a 400, not a 500.
    const huge = await send('POST', '/api/shares', shopper, { product_id: 2 ** 40, shopper_name: 'Dana' });
    expect(huge.statusCode).toBe(400);
    at('2030-06-13T04:30:00Z'); // 00:30 on 13 June in Kentucky: the deadline day is over.
    const late = await reserve(shopper, productId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Reservations for this share closed on Wed, Jun 12, 2030');
  });

  it('keeps a share out of baskets and orders, and out of reach while the farm marks it sold out', async () => {
    const farm = await setUpMarket(app);
    const listed = await send('POST', '/api/products', farm, quarterBeef());
    const productId = listed.json().product_id as number;
    const shopper = await buildUser(app);
    const order = await placeOrder(app, shopper, orderPayload(farm, [{ productId, quantity: 1 }]));
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Quarter beef share is a share of an animal: reserve it on its own page, not in a basket');
    const off = await send('PUT', `/api/products/${productId}`, farm, quarterBeef({ availability: 'sold_out' }));
    expect(off.statusCode).toBe(200);
    const refused = await reserve(shopper, productId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The farm is not taking reservations for this share right now');
  });

  it('will not stop being a share, or offer fewer animals than are reserved, while shares are open', async () => {
    const { farm, productId } = await listShare({}, { animals_available: 1 });
    await reserve(await buildUser(app), productId, 2);
    await reserve(await buildUser(app), productId, 1);
    const fewer = await send('PUT', `/api/products/${productId}`, farm, quarterBeef({}, { animals_available: 1, parts: 2 }));
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().message).toBe('3 shares are already reserved: offer at least 2 animals, or cancel reservations first');
    const off = await send(
      'PUT',
      `/api/products/${productId}`,
      farm,
      quarterBeef({ share: null, inspection: 'usda', establishment_number: 'EST. 1' }),
    );
    expect(off.statusCode).toBe(409);
    // A new processing date reaches the reservations not yet processed.
    const moved = await send('PUT', `/api/products/${productId}`, farm, quarterBeef({}, { processing_date: '2030-06-27' }));
    expect(moved.statusCode).toBe(200);
    expect((await send('GET', '/api/shares/received', farm)).json().shares[0].processing_date).toBe('2030-06-27');
  });
});

describe('the cut sheet and its deadline', () => {
  it('takes the cut sheet through the deadline day in the farm’s zone and refuses it after, with the shopper’s cancel', async () => {
    const { productId } = await listShare();
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    at('2030-06-13T03:30:00Z'); // 23:30 on 12 June, Eastern daylight time: still the deadline day.
    const onTime = await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, cutSheetAnswers());
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect(onTime.json().share).toMatchObject({
      state_label: 'Deposit due',
      cut_sheet: { notes: 'Extra soup bones if there are any' },
    });
    at('2030-06-13T04:01:00Z'); // 00:01 on 13 June.
    const late = await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, cutSheetAnswers());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The cut sheet closed on Wed, Jun 12, 2030: message the farm to change your cuts');
    const cancel = await send('POST', `/api/shares/${share.id}/cancel`, shopper, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toContain('message the farm to cancel');
  });

  it('keeps the deadline in Central time for a farm that keeps it', async () => {
    const { productId } = await listShare({}, { time_zone: 'America/Chicago' });
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    at('2030-06-13T04:30:00Z'); // 23:30 on 12 June in Central time, already 13 June in Eastern.
    expect((await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, cutSheetAnswers())).statusCode).toBe(200);
    at('2030-06-13T05:01:00Z');
    expect((await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, cutSheetAnswers())).statusCode).toBe(409);
  });

  it('refuses a missing answer, an answer not offered, a question not asked, and anyone but the shopper', async () => {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    const full = cutSheetAnswers();
    const cases: [object, string][] = [
      [{ answers: full.answers.slice(1) }, 'Choose an answer for “Steak thickness”'],
      [
        { answers: [{ question: 'Steak thickness', answer: '3 inch' }, ...full.answers.slice(1)] },
        '“3 inch” is not one of the answers for “Steak thickness”',
      ],
      [{ answers: [...full.answers, { question: 'Jerky', answer: 'Yes' }] }, 'This cut sheet has no question “Jerky”: reload it'],
    ];
    for (const [payload, message] of cases) {
      const res = await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await send('PUT', `/api/shares/${share.id}/cut-sheet`, farm, full)).statusCode).toBe(403);
    expect((await send('PUT', `/api/shares/${share.id}/cut-sheet`, await buildUser(app), full)).statusCode).toBe(404);
  });
});

describe('deposit, bill and pickup', () => {
  async function reservedShare(): Promise<{ farm: TestProducer; shopper: TestUser; id: number }> {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    return { farm, shopper, id: share.id };
  }

  it('records the deposit, bills hanging weight × price + fees − deposit once processed, then ready and picked up', async () => {
    const { farm, shopper, id } = await reservedShare();
    const tooMuch = await send('PUT', `/api/shares/${id}/deposit`, farm, { amount: 1105.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The deposit cannot be more than the share’s estimate of $1,105.00');
    const deposit = await send('PUT', `/api/shares/${id}/deposit`, farm, { amount: 200 });
    expect(deposit.json().share).toMatchObject({ deposit_received: 200, state_label: 'Cut sheet due by Wed, Jun 12' });

    const early = await send('PUT', `/api/shares/${id}/bill`, farm, { hanging_weight: 212.5, processing_fees: 165 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('The bill is entered once the animal is processed: from 2030-06-20 on');
    expect((await send('POST', `/api/shares/${id}/ready`, farm, { note: 'Saturday at the farm' })).statusCode).toBe(409);

    at('2030-06-20T14:00:00Z');
    expect((await send('PUT', `/api/shares/${id}/bill`, shopper, { hanging_weight: 1, processing_fees: 0 })).statusCode).toBe(
      403,
    );
    expect(
      (await send('PUT', `/api/shares/${id}/bill`, await buildProducer(app), { hanging_weight: 1, processing_fees: 0 }))
        .statusCode,
    ).toBe(404);
    expect((await send('PUT', `/api/shares/${id}/bill`, farm, { hanging_weight: 0, processing_fees: 165 })).statusCode).toBe(400);
    expect((await send('PUT', `/api/shares/${id}/bill`, farm, { hanging_weight: 2000.5, processing_fees: 165 })).statusCode).toBe(
      400,
    );
    // 212.5 lb × $4.50 = $956.25, + $165.00 = $1,121.25, − $200.00 deposit = $921.25.
    const bill = await send('PUT', `/api/shares/${id}/bill`, farm, { hanging_weight: 212.5, processing_fees: 165 });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().share).toMatchObject({
      status: 'processed',
      bill_total: 1121.25,
      amount_due: 921.25,
      state_label: 'Processed',
    });
    const mails = await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, shopper.email));
    expect(mails.map((m) => m.subject)).toContain('Your quarter of a steer is processed: $921.25 at pickup');

    expect((await send('POST', `/api/shares/${id}/picked-up`, farm)).statusCode).toBe(409);
    const ready = await send('POST', `/api/shares/${id}/ready`, farm, { note: 'Saturday 9–noon at the farm freezer barn' });
    expect(ready.json().share).toMatchObject({ status: 'ready', ready_note: 'Saturday 9–noon at the farm freezer barn' });
    const done = await send('POST', `/api/shares/${id}/picked-up`, farm);
    expect(done.json().share.status).toBe('picked_up');
    // The bill cannot change after the share is handed over.
    expect((await send('PUT', `/api/shares/${id}/bill`, farm, { hanging_weight: 100, processing_fees: 0 })).statusCode).toBe(409);
  });

  it('lets the farm cancel with a reason the shopper reads, and admins only look', async () => {
    const { farm, shopper, id } = await reservedShare();
    const admin = await buildUser(app, { userType: 'admin' });
    expect((await send('GET', `/api/shares/${id}`, admin)).statusCode).toBe(200);
    expect((await send('PUT', `/api/shares/${id}/deposit`, admin, { amount: 10 })).statusCode).toBe(403);
    const noReason = await send('POST', `/api/shares/${id}/cancel`, farm, {});
    expect(noReason.statusCode).toBe(400);
    const cancelled = await send('POST', `/api/shares/${id}/cancel`, farm, { reason: 'The steer went lame' });
    expect(cancelled.json().share).toMatchObject({ status: 'cancelled', cancel_reason: 'The steer went lame' });
    expect((await send('GET', `/api/shares/${id}`, shopper)).json().share.state_label).toBe('Cancelled');
  });
});

describe('share mails and how many shares one shopper may hold (decision 520)', () => {
  const mailsTo = (email: string) => app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

  it('mails the farm once for 15 reservations and cancellations in a row, and the rest in one digest from the sweep', async () => {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    for (let i = 0; i < 15; i++) {
      const { share } = (await reserve(shopper, productId)).json();
      expect((await send('POST', `/api/shares/${share.id}/cancel`, shopper, { reason: 'Changed my mind' })).statusCode).toBe(200);
    }
    const first = await mailsTo(farm.email);
    expect(first.map((m) => m.subject)).toEqual(['New share reservation: 1 × Quarter of a steer']);

    // The sweep's order-mail digest takes the other 29, once, in the next mail period.
    const { SCHEDULED_JOBS } = await import('../../jobs/sweep');
    const digest = SCHEDULED_JOBS['order-mail-digests'];
    await digest(app.ctx, new Date('2030-06-05T16:16:00Z'));
    await digest(app.ctx, new Date('2030-06-05T16:17:00Z'));
    const all = await mailsTo(farm.email);
    expect(all).toHaveLength(2);
    const digestMail = all.find((m) => m.id !== first[0].id);
    expect(digestMail?.subject).toBe('14 new share reservations, 15 share cancellations on Farmstand');
    expect(digestMail?.body).toContain(
      'New share: Dana Reyes reserved 1 × Quarter beef share (Quarter of a steer), about $1,105.00.',
    );
    expect(digestMail?.body).toContain('Reason: Changed my mind');
  });

  it('refuses a shopper more open shares of one product than the site allows, parallel reservations counted one after the other', async () => {
    const { productId } = await listShare();
    const shopper = await buildUser(app);
    expect((await reserve(shopper, productId)).statusCode).toBe(201);
    const two = await reserve(shopper, productId, 2);
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe(
      'One shopper may hold at most 2 shares of Quarter beef share, and you hold 1: reserve 1 or fewer',
    );
    expect((await reserve(shopper, productId)).statusCode).toBe(201);
    const third = await reserve(shopper, productId);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'You already hold 2 shares of Quarter beef share, the most one shopper may reserve: other shoppers get the rest',
    );
    expect((await send('GET', '/api/shares/mine', shopper)).json()).toMatchObject({ max_per_product: 2 });

    // Six at once from one account: two pass.
    const hoarder = await buildUser(app);
    const parallel = await Promise.all(Array.from({ length: 6 }, () => reserve(hoarder, productId)));
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);

    // The admin's setting moves the cap; a cancelled share no longer counts.
    const features = await app.ctx.settings.get('features');
    await app.ctx.settings.set('features', { ...features, max_shares_per_shopper: 3 });
    try {
      expect((await reserve(shopper, productId)).statusCode).toBe(201);
    } finally {
      await app.ctx.settings.set('features', features);
    }
    const [mine] = (await send('GET', '/api/shares/mine', hoarder)).json().shares;
    expect((await send('POST', `/api/shares/${mine.id}/cancel`, hoarder, {})).statusCode).toBe(200);
    expect((await reserve(hoarder, productId)).statusCode).toBe(201);
  });
});

describe('share terms after shoppers reserved (decision 520)', () => {
  const editTerms = (farm: TestProducer, productId: number, share: Record<string, unknown>) =>
    send('PUT', `/api/products/${productId}`, farm, quarterBeef({}, share));

  it('never moves a reserved share’s cut sheet deadline earlier than it was reserved under, nor its dates into the past', async () => {
    const { farm, productId } = await listShare(); // cut sheet due 12 June, processed 20 June; today is 5 June
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();

    const past = await editTerms(farm, productId, { cut_sheet_due: '2030-06-01', processing_date: '2030-06-02' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(
      'Shoppers reserved this share with its cut sheet due by Wed, Jun 12, 2030: the deadline can move later, or back to that day, but not earlier',
    );
    // The shopper's rights stand: no bill yet, and they may still cancel.
    at('2030-06-05T17:00:00Z');
    expect(
      (await send('PUT', `/api/shares/${share.id}/bill`, farm, { hanging_weight: 212, processing_fees: 160 })).statusCode,
    ).toBe(409);
    expect((await send('GET', `/api/shares/${share.id}`, shopper)).json().share.cut_sheet_open).toBe(true);

    // Later, and back to the reserved deadline, are fine; earlier than it is not.
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-19', processing_date: '2030-06-25' })).statusCode).toBe(
      200,
    );
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-12', processing_date: '2030-06-25' })).statusCode).toBe(
      200,
    );
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-11', processing_date: '2030-06-25' })).statusCode).toBe(
      400,
    );

    // On 15 June (the reserved deadline has passed), an extended deadline cannot be cut back into the past.
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-19', processing_date: '2030-06-25' })).statusCode).toBe(
      200,
    );
    at('2030-06-15T16:00:00Z');
    const cut = await editTerms(farm, productId, { cut_sheet_due: '2030-06-13', processing_date: '2030-06-25' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(
      'The cut sheet deadline cannot move into the past while shares are reserved: choose today (Sat, Jun 15, 2030) or later',
    );
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-15', processing_date: '2030-06-25' })).statusCode).toBe(
      200,
    );
    // The processing date may come forward to today, never before it.
    const early = await editTerms(farm, productId, { cut_sheet_due: '2030-06-15', processing_date: '2030-06-14' });
    expect(early.statusCode).toBe(400);
    expect((await editTerms(farm, productId, { cut_sheet_due: '2030-06-15', processing_date: '2030-06-15' })).statusCode).toBe(
      200,
    );
    // Dates left as they are pass once they are behind: the farm can still rename its processor.
    at('2030-06-17T16:00:00Z');
    expect(
      (
        await editTerms(farm, productId, {
          cut_sheet_due: '2030-06-15',
          processing_date: '2030-06-15',
          processor: 'Hardin Meats',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps the questions a cut sheet was answered under after the farm renames one and adds another, and tells both', async () => {
    const { farm, productId } = await listShare();
    const [filled, blank] = [await buildUser(app), await buildUser(app)];
    const { share: done } = (await reserve(filled, productId)).json();
    const { share: open } = (await reserve(blank, productId)).json();
    expect((await send('PUT', `/api/shares/${done.id}/cut-sheet`, filled, cutSheetAnswers())).statusCode).toBe(200);

    const renamed = [
      { label: 'Steak cut thickness', options: ['¾ inch', '1 inch'] },
      ...defaultCutSheet('beef').slice(1),
      { label: 'Tallow', options: ['Keep it', 'Leave it'] },
    ];
    const edit = await editTerms(farm, productId, { cut_sheet: renamed });
    expect(edit.statusCode, edit.body).toBe(200);

    // After the deadline the filled sheet is still whole: each question it shows has its answer.
    at('2030-06-13T16:00:00Z');
    const kept = (await send('GET', `/api/shares/${done.id}`, filled)).json().share;
    expect(kept.cut_sheet_template).toEqual(defaultCutSheet('beef'));
    for (const question of kept.cut_sheet_template)
      expect(kept.cut_sheet.answers.find((a: { question: string }) => a.question === question.label)).toBeTruthy();
    expect(kept).toMatchObject({ cut_sheet_changed: true, cut_sheet_open: false });
    const farmView = (await send('GET', '/api/shares/received', farm)).json().shares;
    expect(farmView.find((s: { id: number }) => s.id === done.id)).toMatchObject({ cut_sheet_changed: true });

    // A sheet not yet filled in asks the farm's new questions, and is not marked.
    const fresh = (await send('GET', `/api/shares/${open.id}`, blank)).json().share;
    expect(fresh.cut_sheet_template).toEqual(renamed);
    expect(fresh.cut_sheet_changed).toBe(false);
  });

  it('lets a shopper change a kept cut sheet before the deadline under the questions it was answered under', async () => {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    expect((await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, cutSheetAnswers())).statusCode).toBe(200);
    const added = [...defaultCutSheet('beef'), { label: 'Tallow', options: ['Keep it', 'Leave it'] }];
    expect((await editTerms(farm, productId, { cut_sheet: added })).statusCode).toBe(200);
    const again = await send('PUT', `/api/shares/${share.id}/cut-sheet`, shopper, {
      ...cutSheetAnswers(),
      notes: 'No soup bones after all',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().share.cut_sheet.notes).toBe('No soup bones after all');
  });

  it('asks the farm to confirm a bill far above the estimate, and bounds every share amount with a 400', async () => {
    const { farm, productId } = await listShare();
    const shopper = await buildUser(app);
    const { share } = (await reserve(shopper, productId)).json();
    // A share priced at $400/lb hanging (about $84,160 a quarter) can be listed and reserved.
    const dear = await listShare({ price: 400 });
    const own = (await reserve(await buildUser(app), dear.productId)).json().share;
    at('2030-06-20T14:00:00Z');
    // 1,500 lb × $4.50 + $1,000 = $7,750.00 against an estimate of $1,105.00.
    const far = await send('PUT', `/api/shares/${share.id}/bill`, farm, { hanging_weight: 1500, processing_fees: 1000 });
    expect(far.statusCode).toBe(409);
    expect(far.json().message).toBe(
      "$7,750.00 is far above this share's estimate of $1,105.00 (1500 lb hanging weight against about 210 lb expected): check the processor's sheet and confirm to save it",
    );
    expect((await send('GET', `/api/shares/${share.id}`, shopper)).json().share.status).toBe('reserved');
    const confirmed = await send('PUT', `/api/shares/${share.id}/bill`, farm, {
      hanging_weight: 1500,
      processing_fees: 1000,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().share.bill_total).toBe(7750);
    // Within 1.5 × the estimate needs no confirming.
    const near = await send('PUT', `/api/shares/${share.id}/bill`, farm, { hanging_weight: 230, processing_fees: 170 });
    expect(near.json().share.bill_total).toBe(1205);

    for (const hanging_weight of [1e21, 2000.5, -1, Number.MAX_VALUE]) {
      const res = await send('PUT', `/api/shares/${share.id}/bill`, farm, { hanging_weight, processing_fees: 0, confirm: true });
      expect(res.statusCode, String(hanging_weight)).toBe(400);
    }
    // Its listing cannot grow past any share's size, nor its 2,000 lb bill, even confirmed.
    expect((await send('PUT', `/api/products/${dear.productId}`, dear.farm, quarterBeef({ price: 1000 }))).json().message).toBe(
      'A share’s estimate can be at most $100,000.00; this one comes to $210,160.00: check the price per lb and the hanging weight',
    );
    const huge = await send('PUT', `/api/shares/${own.id}/bill`, dear.farm, {
      hanging_weight: 2000,
      processing_fees: 0,
      confirm: true,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      "A share's bill can be at most $100,000.00; this one comes to $800,000.00: check the hanging weight and the fees",
    );
  });
});
