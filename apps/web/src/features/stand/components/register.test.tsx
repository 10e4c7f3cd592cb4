import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { StandAction, StandSaleAction } from '@farmstand/shared/schemas/stand';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSelfCheckout } from '../self-checkout';
import { standCatalog, standProduct } from '../stand.fixture';
import { Register } from './register';

afterEach(cleanup);

/** Every tap the person makes goes through here, so the test can count them. */
function tapper() {
  let taps = 0;
  return {
    tap: (element: HTMLElement) => {
      taps += 1;
      fireEvent.click(element);
    },
    count: () => taps,
  };
}

function renderRegister() {
  const recorded: StandAction[] = [];
  const onRecord = vi.fn(async (action: StandAction) => {
    recorded.push(action);
  });
  render(<Register catalog={standCatalog()} table={DEFAULT_BENEFIT_TABLE} device="Phone 1" onRecord={onRecord} />);
  return { recorded, onRecord };
}

const tile = (name: RegExp) => screen.getByRole('button', { name });

describe('the stand register', () => {
  it('rings up a three-item cash sale in six taps: tile, tile, tile, Pay, Cash exact, Done', async () => {
    const { recorded } = renderRegister();
    const { tap, count } = tapper();
    tap(tile(/^Tomatoes/));
    tap(tile(/^Sweet corn/));
    tap(tile(/^Honey/));
    tap(screen.getAllByRole('button', { name: /^Pay \$22\.00/ })[0]);
    tap(screen.getByRole('button', { name: 'Cash exact' }));
    tap(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(count()).toBe(6);
    const sale = recorded[0] as StandSaleAction;
    expect(sale).toMatchObject({ kind: 'sale', device: 'Phone 1', tenders: { cash: 2200 }, receiptEmail: null });
    expect(sale.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(sale.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await screen.findByRole('status')).textContent).toContain('Sale saved on this phone.');
  });

  it('offers a text receipt after Done: the sale’s own link, an sms: link with the farm’s name and Copy link, offline', async () => {
    const { recorded } = renderRegister();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(tile(/^Honey/));
    fireEvent.click(screen.getAllByRole('button', { name: /^Pay/ })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Cash exact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Text receipt' }));
    const url = `${window.location.origin}/receipt/${recorded[0]?.id}`;
    const panel = screen.getByRole('region', { name: 'Text receipt' });
    expect(panel.textContent).toContain(url);
    const sms = within(panel).getByRole('link', { name: 'Send by text' });
    expect(sms.getAttribute('href')).toBe(`sms:?body=${encodeURIComponent(`Your receipt from Green Valley Farm: ${url}`)}`);
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await within(panel).findByRole('button', { name: 'Copied' })).toBeTruthy();
    // The next sale starts without the last one's link.
    fireEvent.click(tile(/^Honey/));
    expect(screen.queryByRole('region', { name: 'Text receipt' })).toBeNull();
  });

  it('asks the weight of each pack of a by-weight item and prices it by the pack', async () => {
    const { recorded } = renderRegister();
    fireEvent.click(tile(/^Ground beef/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Weight of this pack/), { target: { value: '1.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pack' }));
    expect(screen.getByTestId('stand-basket-total').textContent).toContain('$11.24');
    fireEvent.click(screen.getAllByRole('button', { name: /^Pay/ })[0]);
    fireEvent.input(screen.getByLabelText('Cash given ($)'), { target: { value: '20' } });
    expect(screen.getByTestId('stand-left').textContent).toContain('Change due $8.76');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ tenders: { cash: 1124 }, lines: [{ productId: 5, quantity: 1, weights: [1.25] }] });
    expect((await screen.findByRole('status')).textContent).toContain('Change due $8.76');
  });

  it('adds the sales tax of taxable items to the total due and shows the stock left', () => {
    renderRegister();
    expect(tile(/^Goat milk soap/).textContent).toContain('25 left');
    fireEvent.click(tile(/^Goat milk soap/));
    fireEvent.click(tile(/^Tomatoes/));
    expect(screen.getByTestId('stand-basket-total').textContent).toContain('$11.42');
  });

  it('fills SNAP with what its eligible lines allow and leaves the rest to pay', () => {
    renderRegister();
    fireEvent.click(tile(/^Tomatoes/));
    fireEvent.click(tile(/^Dog treats/));
    fireEvent.click(screen.getAllByRole('button', { name: /^Pay/ })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Eligible $4.00' }));
    expect(screen.getByTestId('stand-left').textContent).toContain('Left to pay $6.36');
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets a self-checkout pay its own way: the honour box records cash for the total, with the thank-you', async () => {
    const recorded: StandAction[] = [];
    render(
      <Register
        catalog={standCatalog()}
        table={DEFAULT_BENEFIT_TABLE}
        device="Tablet (self-checkout)"
        onRecord={async (action) => {
          recorded.push(action);
        }}
        savedText="Thank you! Your purchase is recorded."
        checkout={({ totalCents, pay }) => (
          <button type="button" onClick={() => pay({ cash: totalCents })}>
            Honour box
          </button>
        )}
      />,
    );
    fireEvent.click(tile(/^Goat milk soap/));
    fireEvent.click(screen.getAllByRole('button', { name: /^Pay/ })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Honour box' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ device: 'Tablet (self-checkout)', tenders: { cash: 742 } });
    expect((await screen.findByRole('status')).textContent).toContain('Thank you!');
  });

  it('draws the first 60 tiles of a large catalogue and the rest on request, while search finds any', () => {
    const products = Array.from({ length: 100 }, (_, i) => standProduct({ id: i + 1, name: `Pepper ${i + 1}` }));
    render(
      <Register catalog={standCatalog({ products })} table={DEFAULT_BENEFIT_TABLE} device="Phone 1" onRecord={async () => {}} />,
    );
    const tiles = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('button');
    expect(tiles()).toHaveLength(60);
    fireEvent.input(screen.getByPlaceholderText('Search products'), { target: { value: 'pepper 99' } });
    expect(tiles().map((t) => t.textContent)).toEqual([expect.stringContaining('Pepper 99')]);
    fireEvent.input(screen.getByPlaceholderText('Search products'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'show all 100' }));
    expect(tiles()).toHaveLength(100);
  });

  it('opens the farm’s own card reader beside Card when the farm set its card link on this phone', () => {
    saveSelfCheckout(standCatalog().farm.user_id, { pinDigest: '', message: '', cardLink: 'https://squareup.com/pos' });
    renderRegister();
    fireEvent.click(tile(/^Tomatoes/));
    fireEvent.click(screen.getAllByRole('button', { name: /^Pay / })[0]);
    const link = screen.getByRole('link', { name: 'Open your card reader' });
    expect(link.getAttribute('href')).toBe('https://squareup.com/pos');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
