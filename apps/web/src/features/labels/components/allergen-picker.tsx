import { MAJOR_ALLERGENS } from '@farmstand/shared/labels/rules';
import { splitAllergens } from '@farmstand/shared/schemas/products';
import { useId } from 'react';
import { inputClasses } from '../../../components/ui/field';

export type AllergenChoice = { major: string[]; other: string };

/** Splits a product's allergens into the nine major ones (ticked) and the rest (free text). */
export function toAllergenChoice(allergens: string[]): AllergenChoice {
  const isMajor = (a: string) => (MAJOR_ALLERGENS as readonly string[]).includes(a.toLowerCase());
  return {
    major: allergens.filter(isMajor).map((a) => a.toLowerCase()),
    other: allergens.filter((a) => !isMajor(a)).join(', '),
  };
}

export function fromAllergenChoice(choice: AllergenChoice): string[] {
  return [...new Set([...choice.major, ...splitAllergens(choice.other)])];
}

/** The nine major US allergens as checkboxes, plus free text for anything else (issue 14). */
export function AllergenPicker({
  value,
  onChange,
  error,
}: {
  value: AllergenChoice;
  onChange: (next: AllergenChoice) => void;
  error?: string;
}) {
  const otherId = useId();
  const toggle = (allergen: string, checked: boolean) =>
    onChange({ ...value, major: checked ? [...value.major, allergen] : value.major.filter((a) => a !== allergen) });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Allergens this product contains</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {MAJOR_ALLERGENS.map((allergen) => (
          <label key={allergen} className="flex items-center gap-2 text-sm capitalize text-stone-700 dark:text-stone-300">
            <input
              type="checkbox"
              checked={value.major.includes(allergen)}
              onChange={(event) => toggle(allergen, event.target.checked)}
              className="h-4 w-4 rounded border-stone-400 accent-brand-700"
            />
            {allergen}
          </label>
        ))}
      </div>
      <label htmlFor={otherId} className="block text-sm text-stone-700 dark:text-stone-300">
        Other allergens (separate with commas)
      </label>
      <input
        id={otherId}
        value={value.other}
        aria-invalid={Boolean(error)}
        onChange={(event) => onChange({ ...value, other: event.target.value })}
        placeholder="e.g. mustard, celery"
        className={inputClasses}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
