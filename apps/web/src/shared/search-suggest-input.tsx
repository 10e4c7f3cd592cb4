import type { SuggestionsResponse } from '@farmstand/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api';

/** Type-ahead waits this long after the last key (debounced). */
export const SUGGEST_DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export type Suggestion =
  | { kind: 'product'; id: number; label: string; detail: string }
  | { kind: 'producer'; id: number; label: string; detail: string }
  | { kind: 'category'; value: string; label: string };

function toOptions(data: SuggestionsResponse | undefined): Suggestion[] {
  if (!data) return [];
  return [
    ...data.products.map((p) => ({ kind: 'product' as const, id: p.id, label: p.name, detail: p.farm_name })),
    ...data.producers.map((p) => ({
      kind: 'producer' as const,
      id: p.user_id,
      label: p.farm_name,
      detail: `${p.city}, ${p.state}`,
    })),
    ...data.categories.map((c) => ({ kind: 'category' as const, value: c.value, label: c.label })),
  ];
}

const KIND_LABEL = { product: 'Product', producer: 'Producer', category: 'Category' } as const;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSelect'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A category was chosen; without this handler it opens /products filtered by it. */
  onCategory?: (category: string) => void;
};

/**
 * A search box that suggests products, producers and categories as the user types, from
 * GET /api/search/suggestions, following the WAI-ARIA combobox pattern: the input is the combobox
 * (aria-expanded, aria-controls, aria-activedescendant), the suggestions a listbox of options;
 * ArrowDown/ArrowUp move, Enter picks the highlighted one (a product or farm opens its page, a
 * category filters), Escape closes. Enter with nothing highlighted submits the form as before.
 */
export function SearchSuggestInput({ id, value, onValueChange, onCategory, className, ...inputProps }: Props) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(value.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['search', 'suggestions', term],
    queryFn: ({ signal }) => api.get<SuggestionsResponse>('/search/suggestions', { q: term }, signal),
    enabled: term.length >= MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = term.length >= MIN_CHARS ? toOptions(suggestions.data) : [];
  const expanded = isOpen && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // A new list starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the answer changes.
  useEffect(() => setActive(-1), [suggestions.data]);

  function choose(option: Suggestion) {
    setIsOpen(false);
    setActive(-1);
    if (option.kind === 'product') navigate(`/product/${option.id}`);
    else if (option.kind === 'producer') navigate(`/producer/${option.id}`);
    else if (onCategory) onCategory(option.value);
    else navigate(`/products?category=${encodeURIComponent(option.value)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length) setActive((current) => (current + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length) setActive((current) => (current <= 0 ? options.length - 1 : current - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative w-full">
      <input
        {...inputProps}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setIsOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
        onFocus={() => setIsOpen(true)}
        className={className}
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-[1200] mt-1 max-h-80 overflow-auto rounded-lg border border-stone-200 bg-white py-1 text-left shadow-lg dark:border-stone-700 dark:bg-stone-900"
      >
        {options.map((option, index) => (
          <div
            key={`${option.kind}-${option.kind === 'category' ? option.value : option.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Focus stays in the input (aria-activedescendant points here); -1 keeps it out of the tab order.
            tabIndex={-1}
            // mousedown, not click: the input keeps focus, so blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
              index === active
                ? 'bg-brand-100 text-stone-900 dark:bg-brand-900 dark:text-white'
                : 'text-stone-800 dark:text-stone-100'
            }`}
          >
            <span className="min-w-0 truncate">
              <span className="font-medium">{option.label}</span>
              {option.kind !== 'category' && <span className="ml-2 text-stone-600 dark:text-stone-300">{option.detail}</span>}
            </span>
            <span className="shrink-0 text-xs uppercase tracking-wide text-stone-600 dark:text-stone-300">
              {KIND_LABEL[option.kind]}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
