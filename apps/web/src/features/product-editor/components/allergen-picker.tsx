import { undeclaredAllergens } from '@farmstand/shared/labels/allergens';
import { MAJOR_ALLERGENS } from '@farmstand/shared/labels/rules';
import { splitAllergens } from '@farmstand/shared/schemas/products';
import { useId } from 'react';
import { inputClasses } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

/** `absent`: major allergens the ingredients seem to imply that the producer confirms are absent. */
export type AllergenChoice = { major: string[]; other: string; absent: string[] };

/** Splits a product's allergens into the nine major ones (ticked) and the rest (free text). */
export function toAllergenChoice(allergens: string[], absent: string[] = []): AllergenChoice {
  const isMajor = (a: string) => (MAJOR_ALLERGENS as readonly string[]).includes(a.toLowerCase());
  return {
    major: allergens.filter(isMajor).map((a) => a.toLowerCase()),
    other: allergens.filter((a) => !isMajor(a)).join(', '),
    absent,
  };
}

export function fromAllergenChoice(choice: AllergenChoice): string[] {
  return [...new Set([...choice.major, ...splitAllergens(choice.other)])];
}

/**
 * The nine major US allergens as checkboxes, plus free text for anything else. As the producer
 * types ingredients it suggests the allergens they imply, each to tick or confirm absent
 * (docs/decisions/380; the server refuses the same).
 */
export function AllergenPicker({
  value,
  ingredients,
  onChange,
  error,
}: {
  value: AllergenChoice;
  ingredients: string[];
  onChange: (next: AllergenChoice) => void;
  error?: string;
}) {
  const otherId = useId();
  const toggle = (allergen: string, checked: boolean) =>
    onChange({
      ...value,
      major: checked ? [...value.major, allergen] : value.major.filter((a) => a !== allergen),
      absent: value.absent.filter((a) => a !== allergen),
    });
  const confirmAbsent = (allergen: string, checked: boolean) =>
    onChange({ ...value, absent: checked ? [...value.absent, allergen] : value.absent.filter((a) => a !== allergen) });
  // Every implied allergen not ticked: the unconfirmed ones need an answer, the confirmed ones stay visible.
  const suggested = undeclaredAllergens({ ingredients, allergens: fromAllergenChoice(value), allergens_confirmed_absent: [] });
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
      {suggested.length > 0 && (
        <fieldset className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <legend className="sr-only">Allergens your ingredients suggest</legend>
          <p className="font-medium">Your ingredients suggest these allergens. Tick each one above, or confirm it is absent:</p>
          <ul className="mt-2 space-y-1">
            {suggested.map(({ allergen, ingredients: from }) => (
              <li key={allergen}>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={value.absent.includes(allergen)}
                    onChange={(event) => confirmAbsent(allergen, event.target.checked)}
                    className="mt-0.5 h-4 w-4 rounded border-stone-400 accent-brand-700"
                  />
                  <span>
                    No {allergen} in this product (suggested by {from.join(', ')})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
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
      <FormError>{error}</FormError>
    </fieldset>
  );
}
