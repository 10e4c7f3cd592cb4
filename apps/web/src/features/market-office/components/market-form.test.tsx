import type { MarketInput } from '@farmstand/shared/schemas/markets';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMarket } from '../market-office.fixture';
import { MarketForm } from './market-form';

vi.setConfig({ testTimeout: 60_000 });
afterEach(cleanup);

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined), market = testMarket()) {
  render(<MarketForm market={market} thisYear={2026} submitLabel="Save settings" onSubmit={onSubmit} />);
  return onSubmit;
}

/** Decisions 581 and 583: the market's one form, checked by the shared MarketInput before it is sent. */
describe('the market’s settings form', () => {
  it('sends what the server keeps unchanged: dollars back to cents, days and closed dates as they were', async () => {
    const onSubmit = renderForm();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const { id, slug, ...input } = testMarket();
    expect(onSubmit.mock.calls[0][0]).toEqual(input);
  });

  it('changes the fee to a percentage of sales with a minimum and maximum per day, in cents and basis points', async () => {
    const onSubmit = renderForm();
    change('How vendors pay', 'percent');
    type('Percentage of the day’s sales (%)', '7.5');
    type('Minimum per market day ($)', '10');
    type('Maximum per market day ($)', '40.50');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const input: MarketInput = onSubmit.mock.calls[0][0];
    expect(input).toMatchObject({ feeKind: 'percent', feeCents: 0, feePercentBp: 750, feeMinCents: 1000, feeMaxCents: 4050 });
  });

  it('says what is wrong under each field and sends nothing: an amount that is no dollars, a day that closes before it opens', async () => {
    const onSubmit = renderForm();
    type('SNAP token ($)', '1.005');
    type('Closes', '06:00');
    type('Name', 'L');
    save();
    expect(await screen.findByText('Enter an amount in dollars, like 12.50')).toBeTruthy();
    expect(screen.getByText('A market day must close after it opens')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a second market day and a closed date, and drops the match cap with the incentive', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a market day' }));
    change('Market day 2', '3');
    type('Closed date', '2026-09-05');
    fireEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    change('Incentive matched here', '');
    expect(screen.queryByLabelText(/Match cap/)).toBeNull();
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      marketDays: [
        { weekday: 6, opens: '07:00', closes: '12:00' },
        { weekday: 3, opens: '15:00', closes: '18:00' },
      ],
      closedDates: ['2026-07-04', '2026-09-05'],
      incentiveId: null,
      matchCapCents: null,
    });
  });

  it('keeps the market basket’s settings when other fields are saved, and sends its window and a flat fee per part in cents', async () => {
    const market = testMarket({
      basketOn: true,
      basketOpensDays: 5,
      basketClosesHours: 20,
      basketFeeKind: 'percent',
      basketFeePercentBp: 250,
    });
    const onSubmit = renderForm(vi.fn().mockResolvedValue(undefined), market);
    type('Name', 'Lexington Market');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: 'Lexington Market',
      basketOn: true,
      basketOpensDays: 5,
      basketClosesHours: 20,
      basketFeeKind: 'percent',
      basketFeeCents: 0,
      basketFeePercentBp: 250,
    });
    change('Basket fee', 'per_order');
    type('Fee per vendor’s part ($)', '0.50');
    type('Ordering closes (hours before the market opens)', '12');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({
      basketFeeKind: 'per_order',
      basketFeeCents: 50,
      basketFeePercentBp: 0,
      basketClosesHours: 12,
    });
  });

  it('refuses a basket window that is no whole number of days, under its field', async () => {
    const onSubmit = renderForm(vi.fn(), testMarket({ basketOn: true }));
    type('Ordering opens (days before the market day)', '2.5');
    save();
    expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the request’s failure above the button', () => {
    render(<MarketForm thisYear={2026} submitLabel="Create market" error="A market with this name exists" onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('A market with this name exists');
  });
});
