import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type TabItem = { id: string; label: string; content: ReactNode };

/**
 * Accessible tabs (WAI-ARIA tab pattern: arrow keys, Home and End move between tabs). The selected
 * tab is owned by the caller so it can live in the URL and be linked to. The strip wraps at every
 * width, so every tab is on screen and none hides past the edge (decision 532): on a phone the tabs
 * are pills (a selected tab filled), since an underline reads badly on a strip of several lines; from
 * tablet width up they are underlined.
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    let next: number | undefined;
    if (step) next = (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-6 flex flex-wrap gap-1.5 border-b border-stone-200 pb-3 md:gap-0.5 md:pb-0 dark:border-stone-800"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition-colors md:-mb-px md:rounded-none md:border-b-2 md:py-2.5 ${
                isSelected
                  ? 'bg-brand-700 text-white md:border-brand-700 md:bg-transparent md:text-brand-800 dark:bg-green-300 dark:text-stone-950 md:dark:border-green-400 md:dark:bg-transparent md:dark:text-green-300'
                  : 'bg-stone-100 text-stone-700 hover:bg-stone-200 hover:text-stone-900 md:border-transparent md:bg-transparent md:text-stone-600 md:hover:bg-transparent dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700 dark:hover:text-white md:dark:bg-transparent md:dark:text-stone-300 md:dark:hover:bg-transparent'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`}>
        {current.content}
      </div>
    </div>
  );
}
