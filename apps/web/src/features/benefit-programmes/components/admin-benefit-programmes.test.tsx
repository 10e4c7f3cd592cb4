import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { AdminBenefitProgrammes } from './admin-benefit-programmes';

vi.setConfig({ testTimeout: 60_000 });
// First renders are slow on a loaded machine: wait for states longer than the 1 s default.
configure({ asyncUtilTimeout: 15_000 });

/** The served table: the defaults, with the Ohio Senior FMNP row and a second incentive as an admin left them. */
const TABLE: BenefitTable = {
  sources: {
    ...DEFAULT_BENEFIT_TABLE.sources,
    'incentive:oh_produce_perks#1': { title: 'Produce Perks Midwest', url: 'https://produceperks.org/' },
  },
  programmes: DEFAULT_BENEFIT_TABLE.programmes.map((row) =>
    row.programme === 'senior_fmnp' && row.state === 'OH'
      ? { ...row, name: 'Ohio Senior Farmers Market Coupons', confirmed: false }
      : row,
  ),
  incentives: [
    ...DEFAULT_BENEFIT_TABLE.incentives,
    {
      id: 'oh_produce_perks',
      name: 'Produce Perks',
      state: 'OH',
      matches: ['snap'],
      matchPercent: 100,
      dailyCapCents: 2500,
      groups: [{ categories: ['produce'], capCents: 2500, confirmed: true, label: 'Ohio-grown fruit and vegetables' }],
      originState: 'OH',
      tokenCents: 100,
      sources: ['incentive:oh_produce_perks#1'],
      confirmed: true,
      note: '',
      markets: ['Columbus Farmers Market', 'Toledo Farmers Market'],
      active: false,
    },
  ],
};

function serve(table: BenefitTable = TABLE) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/benefits/programmes') return table as never;
    throw new Error(`unexpected GET ${url}`);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminBenefitProgrammes />
    </QueryClientProvider>,
  );

const tableNamed = (name: string) => screen.findByRole('table', { name });
/** The row of a table holding a text. */
const rowWith = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
const dialog = () => screen.getByRole('dialog');
const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the admins’ benefit programmes', () => {
  it('lists every programme per state and the incentives from the table in force, with their sources as links', async () => {
    serve();
    show();
    const programmes = await tableNamed('Benefit programmes by state');
    // 3 programmes × 5 states, under a row of headings.
    expect(within(programmes).getAllByRole('row')).toHaveLength(16);
    const ohio = rowWith(programmes, 'Ohio Senior Farmers Market Coupons');
    expect(within(ohio).getByText('Check')).toBeTruthy();
    expect(within(ohio).getByText('$50.00 (2025)')).toBeTruthy();
    const wv = rowWith(programmes, "West Virginia WIC Farmers' Market Nutrition Program");
    expect(within(wv).getByText('Yes')).toBeTruthy();
    const link = within(wv).getByRole('link', { name: /West Virginia Department of Health/ });
    expect(link.getAttribute('href')).toBe(DEFAULT_BENEFIT_TABLE.sources['wv-wic-fmnp'].url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    const incentives = await tableNamed('Incentives');
    const kdd = rowWith(incentives, 'Kentucky Double Dollars');
    expect(within(kdd).getByText('Running')).toBeTruthy();
    expect(within(kdd).getByText('$20.00')).toBeTruthy();
    expect(within(kdd).getByText('Any market the farm names')).toBeTruthy();
    const perks = rowWith(incentives, 'Produce Perks');
    expect(within(perks).getByText('Switched off')).toBeTruthy();
    expect(within(perks).getByText('Columbus Farmers Market, Toledo Farmers Market')).toBeTruthy();
    expect(
      within(perks)
        .getByRole('link', { name: /Produce Perks Midwest/ })
        .getAttribute('href'),
    ).toBe('https://produceperks.org/');
  });

  it('edits a programme’s row: sends the PUT with the season amount in whole cents and its sources', async () => {
    serve();
    const saved: BenefitTable = {
      ...TABLE,
      programmes: TABLE.programmes.map((row) =>
        row.programme === 'wic_fmnp' && row.state === 'KY' ? { ...row, name: 'Kentucky WIC FMNP' } : row,
      ),
    };
    const put = vi.spyOn(api, 'put').mockResolvedValue(saved as never);
    show();
    await tableNamed('Benefit programmes by state');
    fireEvent.click(screen.getByRole('button', { name: 'Edit WIC FMNP coupons in Kentucky' }));
    const form = dialog();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Kentucky WIC Farmers Market Nutrition Program');
    expect((within(form).getByLabelText('Season amount ($)') as HTMLInputElement).value).toBe('20.00');
    type(form, 'Name', ' Kentucky WIC FMNP ');
    type(form, 'Season amount ($)', '24.10');
    type(form, 'Amount as of (year)', '2025');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Honey' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add a source' }));
    const titles = within(form).getAllByLabelText('Title');
    fireEvent.input(titles[titles.length - 1], { target: { value: 'Kentucky WIC 2025 farmer guide' } });
    const urls = within(form).getAllByLabelText('Address');
    fireEvent.input(urls[urls.length - 1], { target: { value: 'https://chfs.ky.gov/wic-fmnp-2025' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save programme' }));

    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/admin/benefits/programmes/wic_fmnp/KY', {
      name: 'Kentucky WIC FMNP',
      authorisedBy: 'Kentucky Cabinet for Health and Family Services (state-approved farmers markets)',
      covers: ['produce', 'honey'],
      seasonAmount: { cents: 2410, asOf: '2025' },
      sources: [
        { title: DEFAULT_BENEFIT_TABLE.sources['cfr-248.8'].title, url: DEFAULT_BENEFIT_TABLE.sources['cfr-248.8'].url },
        { title: DEFAULT_BENEFIT_TABLE.sources['ky-wic-fmnp'].title, url: DEFAULT_BENEFIT_TABLE.sources['ky-wic-fmnp'].url },
        { title: 'Kentucky WIC 2025 farmer guide', url: 'https://chfs.ky.gov/wic-fmnp-2025' },
      ],
      confirmed: true,
      note: '',
    });
    // The answer replaces the table: the dialog closes and the row shows the new name.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Kentucky WIC FMNP')).toBeTruthy();
  });

  it('refuses an amount that is not dollars, and a source that is not a web page, before sending, with the amount focused', async () => {
    serve();
    const put = vi.spyOn(api, 'put');
    show();
    await tableNamed('Benefit programmes by state');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Senior FMNP coupons in Ohio' }));
    const form = dialog();
    type(form, 'Season amount ($)', '12.345');
    fireEvent.input(within(form).getAllByLabelText('Address')[0], { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save programme' }));
    await waitFor(() => expect(within(form).getByLabelText('Season amount ($)').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Enter an amount in dollars, like 12.50')).toBeTruthy();
    expect(within(form).getByText('A source’s address must be a web page (https://…)')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Season amount ($)'));
    expect(put).not.toHaveBeenCalled();
  });

  it('adds an incentive with a POST of every field, and shows the server’s refusal of a second one in a state', async () => {
    serve();
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValue(
        new ApiError(409, 'Kentucky Double Dollars already runs in Kentucky: switch it off before another incentive runs there'),
      );
    show();
    await tableNamed('Incentives');
    fireEvent.click(screen.getByRole('button', { name: 'Add incentive' }));
    const form = dialog();
    type(form, 'Name', 'Bluegrass Bucks');
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'KY' } });
    fireEvent.change(within(form).getByLabelText('Matches food grown in'), { target: { value: 'KY' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'WIC FMNP coupons' }));
    type(form, 'Match rate (%)', '50');
    type(form, 'Daily cap per shopper ($)', '15');
    type(form, 'Token value ($)', '1.00');
    const group = within(form).getByRole('group', { name: 'Group 1' });
    type(group, 'Label', 'Kentucky-grown produce');
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Produce' }));
    type(group, 'Cap per shopper a day ($)', '10.5');
    type(form, 'Participating markets (optional)', 'Lexington Farmers Market\n\n  Berea Farmers Market  \n');
    type(form, 'Title', 'Bluegrass Bucks rules');
    type(form, 'Address', 'https://bluegrassbucks.example.org/rules');
    fireEvent.click(within(form).getByRole('button', { name: 'Add incentive' }));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/admin/benefits/incentives', {
      name: 'Bluegrass Bucks',
      state: 'KY',
      matches: ['snap', 'wic_fmnp'],
      matchPercent: 50,
      dailyCapCents: 1500,
      groups: [{ label: 'Kentucky-grown produce', categories: ['produce'], capCents: 1050, confirmed: true }],
      originState: 'KY',
      tokenCents: 100,
      markets: ['Lexington Farmers Market', 'Berea Farmers Market'],
      sources: [{ title: 'Bluegrass Bucks rules', url: 'https://bluegrassbucks.example.org/rules' }],
      confirmed: false,
      note: '',
      active: true,
    });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Kentucky Double Dollars already runs in Kentucky: switch it off before another incentive runs there',
    );
    // The dialog stays open with what was typed.
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Bluegrass Bucks');
  });

  it('switches an incentive off by unticking "Running now", keeping its rules', async () => {
    serve();
    const put = vi.spyOn(api, 'put').mockResolvedValue({
      ...TABLE,
      incentives: TABLE.incentives.map((i) => (i.id === 'ky_double_dollars' ? { ...i, active: false } : i)),
    } as never);
    show();
    await tableNamed('Incentives');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Kentucky Double Dollars' }));
    const form = dialog();
    fireEvent.click(within(form).getByRole('checkbox', { name: /Running now/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save incentive' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, body] = put.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/admin/benefits/incentives/ky_double_dollars');
    expect(body).toMatchObject({
      active: false,
      matchPercent: 100,
      dailyCapCents: 2000,
      tokenCents: 200,
      groups: DEFAULT_BENEFIT_TABLE.incentives[0].groups.map(({ label, categories, capCents, confirmed }) => ({
        label,
        categories,
        capCents,
        confirmed,
      })),
      markets: [],
    });
    expect((body.sources as unknown[]).length).toBe(3);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const incentives = await tableNamed('Incentives');
    expect(within(rowWith(incentives, 'Kentucky Double Dollars')).getByText('Switched off')).toBeTruthy();
  });

  it('says when the table cannot be loaded, with a way to try again', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, 'boom'));
    show();
    expect(await screen.findByText('Could not load the benefit programmes; try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
