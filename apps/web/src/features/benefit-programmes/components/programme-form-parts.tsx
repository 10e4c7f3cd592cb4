import type { BenefitTable, Source } from '@farmstand/shared/benefits/programmes';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '@farmstand/shared/constants/catalog';
import { centsText } from '@farmstand/shared/format/money';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { parseDollars } from '@/lib/format';

/** The pieces the admins' programme and incentive dialogs share (decision 516). */

export const muted = 'text-stone-700 dark:text-stone-300';
export const alertText = 'text-sm text-red-700 dark:text-red-400';
const legendClasses = 'text-sm font-medium text-stone-800 dark:text-stone-200';

/** What a source row holds while it is edited. */
export type SourceRow = { title: string; url: string };

/** The most sources a row or an incentive cites (the request's schema says the same). */
const MAX_SOURCES = 6;

/** A row's sources, from the keys it cites into the table's `sources` (a key the table lacks is left out). */
export function sourcesOf(table: BenefitTable, keys: string[]): SourceRow[] {
  return keys.flatMap((key) => {
    const source: Source | undefined = table.sources[key];
    return source ? [{ title: source.title, url: source.url }] : [];
  });
}

/** True for an address a browser opens as a web page (the sources of a rule can be a repository path). */
export const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** "12.50" from cents, for a dollars field ('' for none). */
export const dollarsField = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : centsText(cents));

export const BAD_DOLLARS = 'Enter an amount in dollars, like 12.50';

/**
 * Whole cents from a dollars field, with integer maths; `errors` gets the field's message when the
 * text is no amount or empty (a cap of nothing is typed as 0).
 */
export function centsOf(text: string, key: string, errors: Record<string, string>): number {
  const cents = text.trim() === '' ? null : parseDollars(text);
  if (cents === null) {
    errors[key] = BAD_DOLLARS;
    return Number.NaN;
  }
  return cents;
}

/** The first message of each field, by its path ("sources.0.url"), from the request schema's issues. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[issue.path.map(String).join('.')] ??= issue.message;
  return found;
}

/** A group of checkboxes with its legend, and its error (or hint) read with it. */
export function CheckGroup({
  legend,
  error,
  hint,
  disabled,
  children,
}: {
  legend: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="space-y-2"
      disabled={disabled}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <legend className={legendClasses}>{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[420px]:grid-cols-2 sm:grid-cols-3">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={alertText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The product categories as checkboxes ("What it pays for", a group's categories). */
export function CategoryChecks({
  legend,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  legend: string;
  value: ProductCategory[];
  onChange: (value: ProductCategory[]) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  const toggle = (category: ProductCategory, on: boolean) =>
    onChange(PRODUCT_CATEGORIES.filter((c) => (c === category ? on : value.includes(c))));
  return (
    <CheckGroup legend={legend} error={error} hint={hint} disabled={disabled}>
      {PRODUCT_CATEGORIES.map((category) => (
        <Checkbox
          key={category}
          label={CATEGORY_LABELS[category]}
          checked={value.includes(category)}
          onChange={(on) => toggle(category, on)}
        />
      ))}
    </CheckGroup>
  );
}

/** The official sources as rows of title and address, added and removed by button. */
export function SourceRows({
  value,
  onChange,
  errorAt,
}: {
  value: SourceRow[];
  onChange: (value: SourceRow[]) => void;
  /** The message under a path ("sources.0.url"). */
  errorAt: (path: string) => string | undefined;
}) {
  const change = (at: number, edit: Partial<SourceRow>) =>
    onChange(value.map((row, i) => (i === at ? { ...row, ...edit } : row)));
  return (
    <fieldset className="space-y-3">
      <legend className={legendClasses}>Official sources</legend>
      <p className={`text-xs ${muted}`}>Where the rule is written: the page of the law, the agency or the programme.</p>
      {value.map((row, i) => (
        // Rows have no identity of their own beyond their place; removing one re-renders the rest.
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place
        <fieldset key={i} className="space-y-2 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
          <legend className="px-1 text-xs font-semibold text-stone-700 dark:text-stone-300">Source {i + 1}</legend>
          <TextInput
            label="Title"
            maxLength={300}
            value={row.title}
            error={errorAt(`sources.${i}.title`)}
            onChange={(e) => change(i, { title: e.target.value })}
          />
          <TextInput
            label="Address"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
            value={row.url}
            error={errorAt(`sources.${i}.url`)}
            onChange={(e) => change(i, { url: e.target.value })}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove source ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <FormError>{errorAt('sources')}</FormError>
      <Button
        size="sm"
        variant="secondary"
        disabled={value.length >= MAX_SOURCES}
        onClick={() => onChange([...value, { title: '', url: '' }])}
      >
        Add a source
      </Button>
    </fieldset>
  );
}

/** The sources of a row in the tables: links that open in a new tab, or the title where there is no web page. */
export function SourceLinks({ table, keys }: { table: BenefitTable; keys: string[] }) {
  const sources = sourcesOf(table, keys);
  if (sources.length === 0) return <span className={muted}>None</span>;
  return (
    <ul className="space-y-1">
      {sources.map((source) => (
        <li key={`${source.url} ${source.title}`}>
          {isWebAddress(source.url) ? (
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-green-300"
            >
              {source.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            source.title
          )}
        </li>
      ))}
    </ul>
  );
}

/** The dialog's foot: the server's refusal, Cancel and the save button. */
export function DialogActions({
  error,
  saving,
  saveLabel,
  onCancel,
}: {
  error: string | null;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={`${alertText} rounded-lg bg-red-50 p-3 dark:bg-red-950/40`}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          {saveLabel}
        </Button>
      </div>
    </>
  );
}
