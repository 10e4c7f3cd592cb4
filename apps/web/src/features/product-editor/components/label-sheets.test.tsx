import { todayDateOnly } from '@farmstand/shared';
import type { LabelProducer, LabelProduct } from '@farmstand/shared/labels/rules';
import type { LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import type { Product } from '@farmstand/shared/schemas/products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LabelChecklist } from './label-checklist';
import { PrintLabelsButton } from './print-labels-dialog';

const get = vi.hoisted(() => vi.fn());
const file = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api', () => ({
  api: { get, file },
  toQueryString: () => '',
  errorMessage: (_: unknown, fallback: string) => fallback,
  ApiError: class extends Error {},
}));

const farm: LabelProducer = {
  farm_name: 'Hill Farm',
  address: '1 Main St',
  city: 'Knoxville',
  state: 'TN',
  zip: '37902',
  phone: '(865) 555-0142',
};
const granola = {
  id: 41,
  name: 'Maple Pecan Granola',
  category: 'baked_goods',
  net_quantity: 16,
  net_unit: 'oz',
  ingredient_list: ['rolled oats', 'maple syrup', 'pecans'],
  ingredients: 'rolled oats, maple syrup, pecans',
  allergens: ['tree nuts'],
  allergens_confirmed_absent: [],
} as unknown as Product & LabelProduct;

const TOO_SMALL = 'Ingredients does not fit on Avery 22806 (2″ × 2″, 12 per Letter sheet).';
const sheets = (fits: Record<string, boolean>): LabelSheetsResponse => ({
  ready: true,
  missing: [],
  sheets: [
    {
      sheet: 'avery_5163',
      name: 'Avery 5163 (2″ × 4″, 10 per Letter sheet)',
      fits: fits.avery_5163,
      reason: fits.avery_5163 ? null : 'Too long for Avery 5163.',
    },
    {
      sheet: 'avery_22806',
      name: 'Avery 22806 (2″ × 2″, 12 per Letter sheet)',
      fits: fits.avery_22806,
      reason: fits.avery_22806 ? null : TOO_SMALL,
    },
    {
      sheet: 'thermal_4x6',
      name: '4″ × 6″ thermal label (one per page)',
      fits: fits.thermal_4x6,
      reason: fits.thermal_4x6 ? null : 'Too long for thermal.',
    },
  ],
});

const wrap = (children: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);

beforeEach(() => {
  get.mockReset();
  file.mockReset().mockResolvedValue({ blob: new Blob(['%PDF']), filename: 'labels.pdf' });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() });
});
afterEach(cleanup);

describe('print labels dialog', () => {
  it('asks the pack weight of a product sold by weight, whose label states it', async () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: true, thermal_4x6: true }));
    const fudge = {
      ...granola,
      name: 'Maple fudge',
      net_quantity: null,
      net_unit: null,
      weight_unit: 'lb',
      pack_min: 0.4,
      pack_max: 0.6,
    };
    wrap(<PrintLabelsButton products={[fudge as never]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const weight = await screen.findByLabelText('Pack weight (lb)', { exact: false });
    expect(weight.hasAttribute('required')).toBe(true);
    expect(screen.queryByText(/label is missing/)).toBeNull();
  });

  it('offers only the sheets the label fits and says why the others are not offered', async () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: false, thermal_4x6: true }));
    wrap(<PrintLabelsButton products={[granola]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByText(TOO_SMALL)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/products/41/labels/sheets', undefined, expect.anything());
    const options = within(within(dialog).getByLabelText('Label sheet')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['avery_5163', 'thermal_4x6']);
    expect((within(dialog).getByRole('button', { name: 'Create PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a wrong number of labels under its field, focused, and asks the server nothing', async () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: true, thermal_4x6: true }));
    wrap(<PrintLabelsButton products={[granola]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    const count = within(dialog).getByLabelText('Number of labels');
    fireEvent.input(count, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create PDF' }));
    expect(await within(dialog).findByText('Number of labels (count) must be at least 1')).toBeTruthy();
    expect(count.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(count));
    expect(file).not.toHaveBeenCalled();
  });

  it('asks the weight of a pack sold by weight before printing, and prints it as a number', async () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: true, thermal_4x6: true }));
    const fudge = { ...granola, id: 42, net_quantity: null, net_unit: null, weight_unit: 'lb', pack_min: 0.4, pack_max: 0.6 };
    wrap(<PrintLabelsButton products={[fudge as never]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    const weight = within(dialog).getByLabelText('Pack weight (lb)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create PDF' }));
    expect(await within(dialog).findByText("Give the pack's weight in lb: its label states what the pack weighs")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(weight));
    expect(file).not.toHaveBeenCalled();

    fireEvent.input(weight, { target: { value: '0.52' } });
    fireEvent.input(within(dialog).getByLabelText('Number of labels'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create PDF' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    expect(file).toHaveBeenCalledWith('/products/42/labels', {
      sheet: 'avery_5163',
      count: 12,
      processing_date: todayDateOnly(),
      weight: 0.52,
    });
    expect(within(dialog).queryByText(/pack's weight/)).toBeNull();
  });

  it('prints on the first sheet offered when the one chosen does not fit the label', async () => {
    get.mockResolvedValue(sheets({ avery_5163: false, avery_22806: false, thermal_4x6: true }));
    wrap(<PrintLabelsButton products={[granola]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    await within(dialog).findByText(TOO_SMALL);
    expect((within(dialog).getByLabelText('Label sheet') as HTMLSelectElement).value).toBe('thermal_4x6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create PDF' }));
    await waitFor(() =>
      expect(file).toHaveBeenCalledWith('/products/41/labels', expect.objectContaining({ sheet: 'thermal_4x6', count: 10 })),
    );
  });

  it('offers no sheet and no PDF when the label fits none', async () => {
    get.mockResolvedValue(sheets({ avery_5163: false, avery_22806: false, thermal_4x6: false }));
    wrap(<PrintLabelsButton products={[granola]} producer={farm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByText(/fits no sheet/)).toBeTruthy();
    expect(within(within(dialog).getByLabelText('Label sheet')).queryAllByRole('option')).toEqual([]);
    expect((within(dialog).getByRole('button', { name: 'Create PDF' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('label checklist', () => {
  const checklist = () => screen.getByRole('region', { name: /Label checklist/ });

  it('never says a saved label is ready to print when it fits no sheet, and says why', async () => {
    get.mockResolvedValue(sheets({ avery_5163: false, avery_22806: false, thermal_4x6: false }));
    wrap(<LabelChecklist product={granola} producer={farm} productId={41} hasUnsavedChanges={false} />);
    expect(await within(checklist()).findByText('Every field is filled in, but the label fits no sheet:')).toBeTruthy();
    expect(within(checklist()).getByText(TOO_SMALL)).toBeTruthy();
    expect(checklist().textContent).not.toContain('Ready to print');
  });

  it('says a saved label is ready with the sheets it fits', async () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: false, thermal_4x6: false }));
    wrap(<LabelChecklist product={granola} producer={farm} productId={41} hasUnsavedChanges={false} />);
    expect(
      await within(checklist()).findByText('Ready to print labels. Fits Avery 5163 (2″ × 4″, 10 per Letter sheet).'),
    ).toBeTruthy();
  });

  it('asks for a save before judging the fit of unsaved or new label fields', () => {
    get.mockResolvedValue(sheets({ avery_5163: true, avery_22806: true, thermal_4x6: true }));
    wrap(<LabelChecklist product={granola} producer={farm} productId={41} hasUnsavedChanges />);
    expect(checklist().textContent).toContain('Save the product to check that the label fits a sheet.');
    cleanup();
    wrap(<LabelChecklist product={granola} producer={farm} productId={null} hasUnsavedChanges={false} />);
    expect(checklist().textContent).toContain('Save the product to check that the label fits a sheet.');
    expect(checklist().textContent).not.toContain('Ready to print');
  });
});
