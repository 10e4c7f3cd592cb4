import type { BoothEntry } from '@farmstand/shared/schemas/market-office';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boothCatalog } from '../booth.fixture';
import { EntryForm } from './entry-form';

afterEach(cleanup);

function renderForm(online: boolean, catalog = boothCatalog()) {
  const recorded: BoothEntry[] = [];
  const onRecord = vi.fn(async (entry: BoothEntry) => {
    recorded.push(entry);
  });
  render(<EntryForm catalog={catalog} online={online} device="Booth phone" onRecord={onRecord} />);
  return { recorded, onRecord };
}

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('the info booth’s entry form', () => {
  it('online, records a SNAP swipe with the card’s last four digits and asks the server for the match', async () => {
    const { recorded } = renderForm(true);
    type('Amount ($)', '20');
    type('Card’s last four digits', '4321');
    fireEvent.click(screen.getByRole('button', { name: 'Record SNAP swipe' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({
      kind: 'issue',
      currency: 'snap',
      amountCents: 2000,
      match: 'auto',
      shopperKey: '4321',
      device: 'Booth phone',
    });
  });

  it('offline, shows and sends the match the phone hands out: what is left of the shopper’s cap today', async () => {
    const { recorded } = renderForm(false, boothCatalog({ matchedToday: [{ shopperKey: '4321', matchedCents: 1500 }] }));
    type('Amount ($)', '20');
    type('Card’s last four digits', '4321');
    expect(screen.getByTestId('booth-match').textContent).toContain('Offline: hand out $10.00 in Kentucky Double Dollars');
    fireEvent.click(screen.getByRole('button', { name: 'Record SNAP swipe' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ match: 1000, shopperKey: '4321' });
  });

  it('refuses an amount that is not whole tokens, and a SNAP swipe without the last four digits, before anything is stored', async () => {
    const { onRecord } = renderForm(true);
    fireEvent.click(screen.getByLabelText('Card swipe'));
    type('Amount ($)', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Record card swipe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Card tokens come in $5.00 pieces');
    fireEvent.click(screen.getByLabelText('SNAP swipe'));
    type('Amount ($)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Record SNAP swipe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('last four digits');
    expect(onRecord).not.toHaveBeenCalled();
  });

  it('records a card swipe without a match and a return of tokens handed back', async () => {
    const { recorded } = renderForm(true);
    fireEvent.click(screen.getByLabelText('Card swipe'));
    type('Amount ($)', '25');
    fireEvent.click(screen.getByRole('button', { name: 'Record card swipe' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('Return'));
    fireEvent.change(screen.getByLabelText('Tokens handed back'), { target: { value: 'snap' } });
    type('Amount ($)', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Record return' }));
    await waitFor(() => expect(recorded).toHaveLength(2));
    expect(recorded.map((e) => [e.kind, e.currency, e.amountCents, e.match, e.shopperKey])).toEqual([
      ['issue', 'credit', 2500, 0, null],
      ['return', 'snap', 300, 0, null],
    ]);
  });

  it('offers WIC coupons where the market hands them out, and no Senior coupons where it does not', () => {
    renderForm(true);
    expect(screen.getByLabelText('WIC coupons')).toBeTruthy();
    expect(screen.queryByLabelText('Senior coupons')).toBeNull();
  });
});
