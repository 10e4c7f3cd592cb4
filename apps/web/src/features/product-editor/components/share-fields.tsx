import { PICKUP_TIME_ZONES, TIME_ZONE_LABELS } from '@farmstand/shared/constants/time-zones';
import {
  ANIMAL_LABELS,
  defaultCutSheet,
  MAX_SHARE_PARTS,
  NAMED_FRACTIONS,
  SHARE_ANIMALS,
  type ShareAnimal,
} from '@farmstand/shared/schemas/shares';
import { type FieldError, type UseFieldArrayReturn, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { isDefaultCutSheet, type ProductFormValues, shareSummary, toCutSheetValues } from './product-offer';

type Form = UseFormReturn<ProductFormValues>;

/** A cut sheet can ask at most this many questions (ShareTermsRequest). */
const MAX_QUESTIONS = 15;

const capitalize = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** "Beef (steer)", "Pork (hog)", "Lamb". */
const animalOption = (animal: ShareAnimal) =>
  ANIMAL_LABELS[animal] === animal ? capitalize(animal) : `${capitalize(animal)} (${ANIMAL_LABELS[animal]})`;

/** The words under the inspection select of a share (decision 512). */
export const CUSTOM_EXEMPT_NOTE =
  'A share of a live animal may be processed custom exempt: the meat goes only to the animal’s owners (the shoppers who bought its shares) and its packages are marked “Not for Sale”. No establishment number is needed. USDA- or state-inspected processing works too, with the establishment number.';

/** The Meat category's "A share of an animal" choice; the first time it is switched on, it brings a cut sheet. */
export function ShareToggle({ form }: { form: Form }) {
  return (
    <div className="sm:col-span-2">
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800 dark:text-stone-200">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-stone-400 accent-brand-700"
          aria-describedby="share-toggle-hint"
          {...form.register('is_share', {
            onChange: (event: Event) => {
              const on = (event.target as HTMLInputElement).checked;
              if (on && form.getValues('share.cut_sheet').length === 0)
                form.setValue('share.cut_sheet', toCutSheetValues(defaultCutSheet(form.getValues('share.animal'))));
            },
          })}
        />
        Sold as a share of an animal (whole, half, quarter…)
      </label>
      <p id="share-toggle-hint" className="mt-1 text-xs text-stone-600 dark:text-stone-400">
        Shoppers reserve a share before processing, fill in a cut sheet, and pay by the hanging weight. A share has no variants or
        pack weights.
      </p>
    </div>
  );
}

/** A share's terms: the animal, its size, the processor and dates, the money per share, the cut sheet. */
export function ShareFields({ form, hasVariants }: { form: Form; hasVariants: boolean }) {
  const errors = form.formState.errors.share;
  const share = form.watch('share');
  const price = form.watch('price');
  const summary = shareSummary(price, share);
  const questions = useFieldArray({ control: form.control, name: 'share.cut_sheet', keyName: 'key' });
  return (
    <section aria-labelledby="share-heading" className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <h3 id="share-heading" className="text-base font-semibold">
          Share terms
        </h3>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          The price is per lb of hanging weight: each share’s bill is its hanging weight × your price + the processing fees.
        </p>
      </div>
      <FormError className="sm:col-span-2">{errors?.message && errors.message}</FormError>
      {hasVariants && (
        <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300">
          A share has no variants: saving it as a share removes this product’s variants.
        </p>
      )}
      <TextInput
        label="Price per lb hanging weight ($)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        required
        error={form.formState.errors.price?.message}
        {...form.register('price')}
      />
      <SelectInput
        label="Animal"
        error={errors?.animal?.message}
        {...form.register('share.animal', {
          onChange: (event: Event) => {
            // A cut sheet nobody has edited yet follows the animal (a hog's asks about chops and bacon).
            const animal = (event.target as HTMLSelectElement).value as ShareAnimal;
            if (isDefaultCutSheet(form.getValues('share.cut_sheet')))
              questions.replace(toCutSheetValues(defaultCutSheet(animal)));
          },
        })}
      >
        {SHARE_ANIMALS.map((animal) => (
          <option key={animal} value={animal}>
            {animalOption(animal)}
          </option>
        ))}
      </SelectInput>
      <SelectInput
        label="Share size"
        error={share.size === 'custom' ? undefined : errors?.parts?.message}
        {...form.register('share.size')}
      >
        {Object.entries(NAMED_FRACTIONS).map(([parts, label]) => (
          <option key={parts} value={parts}>
            {label}
          </option>
        ))}
        <option value="custom">Custom fraction</option>
      </SelectInput>
      {share.size === 'custom' && (
        <TextInput
          label="Shares per animal (1/n)"
          type="number"
          min={1}
          max={MAX_SHARE_PARTS}
          step={1}
          inputMode="numeric"
          hint={`8 for eighths; at most ${MAX_SHARE_PARTS}.`}
          error={errors?.parts?.message}
          {...form.register('share.parts')}
        />
      )}
      <TextInput
        label="Animals available"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        required
        error={errors?.animals_available?.message}
        {...form.register('share.animals_available')}
      />
      <TextInput
        label="Processor"
        placeholder="The plant that processes the animal"
        required
        error={errors?.processor?.message}
        {...form.register('share.processor')}
      />
      <TextInput
        label="Processing date"
        type="date"
        required
        error={errors?.processing_date?.message}
        {...form.register('share.processing_date')}
      />
      <TextInput
        label="Cut sheet deadline"
        type="date"
        required
        max={share.processing_date || undefined}
        hint="On or before the processing date: your processor needs the cut sheets."
        error={errors?.cut_sheet_due?.message}
        {...form.register('share.cut_sheet_due')}
      />
      <SelectInput
        label="Time zone"
        hint="Of the dates above."
        error={errors?.time_zone?.message}
        {...form.register('share.time_zone')}
      >
        {PICKUP_TIME_ZONES.map((zone) => (
          <option key={zone} value={zone}>
            {TIME_ZONE_LABELS[zone]}
          </option>
        ))}
      </SelectInput>
      <TextInput
        label="Expected hanging weight per share (lb)"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        required
        error={errors?.hanging_weight?.message}
        {...form.register('share.hanging_weight')}
      />
      <TextInput
        label="Expected processing fees per share ($)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        required
        error={errors?.processing_fee?.message}
        {...form.register('share.processing_fee')}
      />
      <TextInput
        label="Deposit per share ($, optional)"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        hint="At most one share’s estimate. Empty: no deposit."
        error={errors?.deposit?.message}
        {...form.register('share.deposit')}
      />
      <TextInput
        label="Your payment link for the deposit (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Farmstand never takes the deposit: shoppers pay you in person or through your own link."
        error={errors?.deposit_link?.message}
        {...form.register('share.deposit_link')}
      />
      <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300" aria-live="polite">
        {summary ? (
          <span className="font-semibold">{summary}</span>
        ) : (
          'Fill in the animals, the price per lb, the hanging weight and the processing fees to see each share’s estimate.'
        )}
      </p>
      <CutSheetEditor form={form} questions={questions} />
    </section>
  );
}

type QuestionErrors = { label?: FieldError; options?: FieldError } | undefined;

/** The questions shoppers answer for their share, each with the answers they choose from. */
function CutSheetEditor({
  form,
  questions,
}: {
  form: Form;
  questions: UseFieldArrayReturn<ProductFormValues, 'share.cut_sheet', 'key'>;
}) {
  const { fields, append, remove } = questions;
  const sheetErrors = form.formState.errors.share?.cut_sheet;
  const atCap = fields.length >= MAX_QUESTIONS;
  return (
    <fieldset className="space-y-3 sm:col-span-2" aria-describedby="cut-sheet-hint">
      <legend className="text-base font-semibold">Cut sheet</legend>
      <p id="cut-sheet-hint" className="text-sm text-stone-600 dark:text-stone-400">
        The questions each shopper answers for your processor. Write the answers they choose from separated by commas (“¾ inch, 1
        inch, 1¼ inch”).
      </p>
      <FormError>{sheetErrors?.message && sheetErrors.message}</FormError>
      <ol className="space-y-3">
        {fields.map((field, i) => {
          const errors = (Array.isArray(sheetErrors) ? sheetErrors[i] : undefined) as QuestionErrors;
          return (
            <li
              key={field.key}
              className="grid gap-3 rounded-lg border border-stone-300 p-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-start dark:border-stone-600"
            >
              <TextInput
                label={`Question ${i + 1} wording`}
                error={errors?.label?.message}
                {...form.register(`share.cut_sheet.${i}.label`)}
              />
              <TextInput
                label={`Question ${i + 1} answers`}
                error={errors?.options?.message}
                {...form.register(`share.cut_sheet.${i}.options`)}
              />
              <Button
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                disabled={fields.length === 1}
                aria-label={`Remove question ${i + 1}`}
                onClick={() => remove(i)}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={atCap}
          aria-describedby={atCap ? 'cut-sheet-cap' : undefined}
          onClick={() => append({ label: '', options: '' })}
        >
          Add question
        </Button>
        {atCap && (
          <p id="cut-sheet-cap" className="text-sm text-stone-600 dark:text-stone-400">
            A cut sheet can ask at most {MAX_QUESTIONS} questions.
          </p>
        )}
      </div>
    </fieldset>
  );
}
