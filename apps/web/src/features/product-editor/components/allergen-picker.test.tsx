import type { LabelProducer } from '@farmstand/shared/labels/rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type AllergenChoice, AllergenPicker, fromAllergenChoice } from './allergen-picker';
import { IngredientListEditor } from './ingredient-list-editor';
import { LabelChecklist } from './label-checklist';

vi.mock('@/lib/api', () => ({ api: { get: vi.fn() } }));

const farm: LabelProducer = {
  farm_name: 'Hill Farm',
  address: '1 Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  phone: null,
};

/** The product form's ingredient, allergen and checklist parts, for a product being added. */
function Host() {
  const [ingredients, setIngredients] = useState<string[]>([]);
  const [allergens, setAllergens] = useState<AllergenChoice>({ major: [], other: '', absent: [] });
  return (
    <QueryClientProvider client={new QueryClient()}>
      <IngredientListEditor value={ingredients} onChange={setIngredients} />
      <AllergenPicker value={allergens} ingredients={ingredients} onChange={setAllergens} />
      <LabelChecklist
        producer={farm}
        productId={null}
        hasUnsavedChanges
        product={{
          name: 'Butter cookies',
          category: 'baked_goods',
          net_quantity: 8,
          net_unit: 'oz',
          ingredient_list: ingredients,
          ingredients: null,
          allergens: fromAllergenChoice(allergens),
          allergens_confirmed_absent: allergens.absent,
        }}
      />
    </QueryClientProvider>
  );
}

const suggestions = () => screen.queryByRole('group', { name: 'Allergens your ingredients suggest' });

function typeIngredients(text: string) {
  const input = screen.getByLabelText('Ingredients');
  fireEvent.input(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('allergen suggestions', () => {
  afterEach(cleanup);

  it('suggests wheat and milk for "wheat flour, butter"', () => {
    render(<Host />);
    expect(suggestions()).toBeNull();
    typeIngredients('wheat flour, butter');
    const box = suggestions();
    expect(box).not.toBeNull();
    expect(within(box as HTMLElement).getByRole('checkbox', { name: /No wheat in this product/ })).toBeTruthy();
    expect(within(box as HTMLElement).getByRole('checkbox', { name: /No milk in this product/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Label checklist/ }).textContent).toContain('Missing: Allergens');
  });

  it('ticking an allergen or confirming it absent clears the warning', () => {
    render(<Host />);
    typeIngredients('wheat flour, butter');
    fireEvent.click(screen.getByRole('checkbox', { name: 'wheat' }));
    expect(screen.queryByRole('checkbox', { name: /No wheat in this product/ })).toBeNull();
    expect(screen.getByRole('region', { name: /Label checklist/ }).textContent).toContain('Missing: Allergens');

    fireEvent.click(screen.getByRole('checkbox', { name: /No milk in this product/ }));
    const checklist = screen.getByRole('region', { name: /Label checklist/ }).textContent;
    expect(checklist).toContain('Done: Allergens');
    expect(checklist).not.toContain('Missing:');
  });
});
