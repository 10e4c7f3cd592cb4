import type { Product } from '@farmstand/shared/schemas/products';
import { defaultCutSheet } from '@farmstand/shared/schemas/shares';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => ({ created: [] as unknown[], updated: [] as unknown[], fail: null as Error | null }));
vi.mock('../api', () => ({
  useCreateProduct: () => ({
    mutateAsync: async (request: unknown) => {
      if (saved.fail) throw saved.fail;
      saved.created.push(request);
      return { product: null };
    },
  }),
  useUpdateProduct: () => ({
    mutateAsync: async (request: unknown) => {
      saved.updated.push(request);
      return { product: null };
    },
  }),
}));
vi.mock('./label-checklist', () => ({ LabelChecklist: () => null }));
vi.mock('./day-limit-fields', () => ({ DayLimitFields: () => null }));
vi.mock('./product-images', () => ({ ProductImages: () => null }));
vi.mock('react-hot-toast', () => ({ default: { success: () => {}, error: () => {} } }));

import { ApiError } from '@/lib/api';
import { ProductForm } from './product-form';

vi.setConfig({ testTimeout: 60_000 });

const show = (product: Product | null = null) =>
  render(
    <ProductForm
      product={product}
      producerState="KY"
      labelProducer={{} as never}
      maxImages={5}
      maxVariants={3}
      onSaved={() => {}}
      onClose={() => {}}
    />,
  );

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const questionWordings = () => screen.getAllByLabelText(/^Question \d+ wording$/).map((el) => (el as HTMLInputElement).value);

/** A new Meat product switched to a share, custom exempt. */
function startShare() {
  show();
  type('Product name', 'Quarter beef');
  choose('Category', 'meat');
  fireEvent.click(screen.getByLabelText(/^Sold as a share of an animal/));
  choose('Inspection', 'custom_exempt');
}

function fillQuarterBeef() {
  type('Price per lb hanging weight ($)', '4.50');
  type('Animals available', '2');
  type('Processor', 'Marksbury Farm Market');
  type('Processing date', '2030-06-20');
  type('Cut sheet deadline', '2030-06-06');
  type('Expected hanging weight per share (lb)', '210');
  type('Expected processing fees per share ($)', '160');
}

const shareProduct = {
  id: 7,
  name: 'Half a hog',
  category: 'meat',
  description: null,
  price: 3.75,
  price_unit: 'lb hanging weight',
  availability: 'available',
  stock_quantity: null,
  day_limit: null,
  weight_unit: null,
  pack_min: null,
  pack_max: null,
  variants: [],
  inspection: 'custom_exempt',
  establishment_number: null,
  ingredient_list: [],
  allergens: [],
  allergens_confirmed_absent: [],
  required_certifications: [],
  seller_type: 'home_processor',
  share: {
    animal: 'pork',
    parts: 8,
    animals_available: 3,
    processor: 'Hillside Processing',
    processing_date: '2030-11-14',
    cut_sheet_due: '2030-11-01',
    time_zone: 'America/Chicago',
    hanging_weight: 25,
    processing_fee: 40,
    deposit: 50,
    deposit_link: 'https://pay.example.com/hillside',
    cut_sheet: [
      { label: 'Chop thickness', options: ['1 inch', '1½ inch'] },
      { label: 'Bacon', options: ['Smoked', 'Fresh'] },
    ],
    shares_total: 24,
    shares_left: 20,
    estimate: 133.75,
  },
} as unknown as Product;

describe('the product form, sold as a share of an animal', () => {
  afterEach(() => {
    cleanup();
    saved.created = [];
    saved.updated = [];
    saved.fail = null;
  });

  it('offers the share for Meat only, and then shows its terms with the beef cut sheet instead of variants', () => {
    show();
    expect(screen.queryByLabelText(/^Sold as a share of an animal/)).toBeNull();
    choose('Category', 'poultry');
    expect(screen.queryByLabelText(/^Sold as a share of an animal/)).toBeNull();
    choose('Category', 'meat');
    fireEvent.click(screen.getByLabelText(/^Sold as a share of an animal/));

    expect(input('Price per lb hanging weight ($)')).toBeTruthy();
    expect(screen.queryByLabelText('Price ($)')).toBeNull();
    expect(screen.queryByLabelText(/^Weight \(a price per lb/)).toBeNull();
    expect(screen.queryByRole('button', { name: '+ Add variant' })).toBeNull();
    expect(screen.queryByLabelText('Stock quantity')).toBeNull();
    expect((screen.getByLabelText('Animal') as HTMLSelectElement).value).toBe('beef');
    expect(screen.getByRole('option', { name: 'Beef (steer)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Pork (hog)' })).toBeTruthy();
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('America/New_York');
    expect(screen.getByText(/Farmstand never takes the deposit/)).toBeTruthy();
    expect(screen.getByText(/packages are marked “Not for Sale”/)).toBeTruthy();
    expect(questionWordings()).toEqual(defaultCutSheet('beef').map((q) => q.label));
    expect(input('Question 1 answers').value).toBe('¾ inch, 1 inch, 1¼ inch, 1½ inch');

    // An untouched cut sheet follows the animal.
    choose('Animal', 'pork');
    expect(questionWordings()).toEqual(defaultCutSheet('pork').map((q) => q.label));

    // Switching back off brings the usual price fields back.
    fireEvent.click(screen.getByLabelText(/^Sold as a share of an animal/));
    expect(screen.getByLabelText('Price ($)')).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Add variant' })).toBeTruthy();
  });

  it('shows the live count and estimate, and a custom fraction', () => {
    startShare();
    expect(screen.getByText(/Fill in the animals, the price per lb/)).toBeTruthy();
    fillQuarterBeef();
    expect(
      screen.getByText('8 shares (2 steers × Quarter) · about $1,105.00 a share (210 lb × $4.50/lb + $160.00 processing)'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Shares per animal (1/n)')).toBeNull();
    choose('Share size', 'custom');
    type('Shares per animal (1/n)', '8');
    expect(screen.getByText(/^16 shares \(2 steers × 1\/8\)/)).toBeTruthy();
  });

  it('sends the share, with the cut sheet answers split on commas, no variants and no pack weights', async () => {
    startShare();
    fillQuarterBeef();
    choose('Time zone', 'America/Chicago');
    type('Deposit per share ($, optional)', '200');
    type('Your payment link for the deposit (optional)', 'https://pay.example.com/farm');
    type('Question 1 answers', ' ¾ inch ,1 inch,, 1¼ inch ');
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    type('Question 6 wording', 'Liver');
    type('Question 6 answers', 'Sliced, Whole');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    await vi.waitFor(() => expect(saved.created).toHaveLength(1));
    const beef = defaultCutSheet('beef');
    expect(saved.created[0]).toMatchObject({
      category: 'meat',
      price: 4.5,
      weight_unit: null,
      pack_min: null,
      pack_max: null,
      variants: [],
      inspection: 'custom_exempt',
      establishment_number: null,
      share: {
        animal: 'beef',
        parts: 4,
        animals_available: 2,
        processor: 'Marksbury Farm Market',
        processing_date: '2030-06-20',
        cut_sheet_due: '2030-06-06',
        time_zone: 'America/Chicago',
        hanging_weight: 210,
        processing_fee: 160,
        deposit: 200,
        deposit_link: 'https://pay.example.com/farm',
        cut_sheet: [
          { label: 'Steak thickness', options: ['¾ inch', '1 inch', '1¼ inch'] },
          ...beef.slice(1, 5),
          { label: 'Liver', options: ['Sliced', 'Whole'] },
        ],
      },
    });
  });

  it('sends no deposit when it is left empty, and share null for other meat', async () => {
    startShare();
    fillQuarterBeef();
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(saved.created).toHaveLength(1));
    expect(saved.created[0]).toMatchObject({ share: { deposit: null, deposit_link: null } });
    cleanup();

    show();
    type('Product name', 'Ground beef');
    choose('Category', 'meat');
    type('Price ($)', '8');
    choose('Inspection', 'usda');
    type('Establishment number', 'EST. 45678');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(saved.created).toHaveLength(2));
    expect(saved.created[1]).toMatchObject({ share: null, price: 8 });
  });

  it('puts the share rules under their fields before sending', async () => {
    startShare();
    fillQuarterBeef();
    type('Cut sheet deadline', '2030-06-21');
    type('Question 2 answers', 'Two');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText(/The cut sheet deadline must be on or before the processing date/)).toBeTruthy();
    expect(screen.getByText('Each cut sheet question needs at least 2 answers to choose from')).toBeTruthy();
    expect(input('Question 2 answers').getAttribute('aria-invalid')).toBe('true');

    type('Cut sheet deadline', '2030-06-06');
    type('Question 2 answers', '1, 2');
    type('Deposit per share ($, optional)', '1105.01');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('The deposit cannot be more than the share’s estimated price')).toBeTruthy();
    expect(saved.created).toHaveLength(0);
  });

  it("shows the server's message for a share field beside it", async () => {
    saved.fail = new ApiError(400, '9 shares are already reserved: offer at least 3 animals', 'share.animals_available');
    startShare();
    fillQuarterBeef();
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('9 shares are already reserved: offer at least 3 animals')).toBeTruthy();
    expect(input('Animals available').getAttribute('aria-invalid')).toBe('true');
  });

  it("fills the form from an existing share product's terms and saves them unchanged", async () => {
    show(shareProduct);
    expect((screen.getByLabelText(/^Sold as a share of an animal/) as HTMLInputElement).checked).toBe(true);
    expect(input('Price per lb hanging weight ($)').value).toBe('3.75');
    expect((screen.getByLabelText('Animal') as HTMLSelectElement).value).toBe('pork');
    expect((screen.getByLabelText('Share size') as HTMLSelectElement).value).toBe('custom');
    expect(input('Shares per animal (1/n)').value).toBe('8');
    expect(input('Animals available').value).toBe('3');
    expect(input('Processor').value).toBe('Hillside Processing');
    expect(input('Processing date').value).toBe('2030-11-14');
    expect(input('Cut sheet deadline').value).toBe('2030-11-01');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('America/Chicago');
    expect(input('Expected hanging weight per share (lb)').value).toBe('25');
    expect(input('Expected processing fees per share ($)').value).toBe('40.00');
    expect(input('Deposit per share ($, optional)').value).toBe('50.00');
    expect(input('Your payment link for the deposit (optional)').value).toBe('https://pay.example.com/hillside');
    expect(questionWordings()).toEqual(['Chop thickness', 'Bacon']);
    expect(input('Question 1 answers').value).toBe('1 inch, 1½ inch');
    expect(screen.getByText(/^24 shares \(3 hogs × 1\/8\) · about \$133\.75 a share/)).toBeTruthy();
    expect(screen.queryByLabelText('Establishment number')).toBeNull();

    // An edited cut sheet stays when the animal changes.
    choose('Animal', 'lamb');
    expect(questionWordings()).toEqual(['Chop thickness', 'Bacon']);
    choose('Animal', 'pork');

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(saved.updated).toHaveLength(1));
    expect(saved.updated[0]).toMatchObject({
      id: 7,
      body: {
        price: 3.75,
        variants: [],
        inspection: 'custom_exempt',
        share: {
          animal: 'pork',
          parts: 8,
          animals_available: 3,
          time_zone: 'America/Chicago',
          deposit: 50,
          cut_sheet: [
            { label: 'Chop thickness', options: ['1 inch', '1½ inch'] },
            { label: 'Bacon', options: ['Smoked', 'Fresh'] },
          ],
        },
      },
    });
  });
});
