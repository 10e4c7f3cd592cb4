import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export type TabItem = { id: string; label: string; content: ReactNode };

/**
 * Accessible tabs (WAI-ARIA tab pattern: arrow keys move between tabs). The selected tab is owned
 * by the caller so it can live in the URL and be linked to. From tablet width up the strip wraps, so
 * no tab is ever clipped; on a phone it scrolls sideways and keeps the selected tab in view.
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
  const currentIndex = tabs.indexOf(current);

  // Scroll only the strip (not the page) so the selected tab sits in view, centred when it can.
  useEffect(() => {
    const tab = refs.current[currentIndex];
    const strip = tab?.parentElement;
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const left = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2; // the strip is the offsetParent
    strip.scrollTo({ left: Math.max(0, left) });
  }, [currentIndex]);

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
        className="relative mb-6 flex gap-0.5 overflow-x-auto border-b border-stone-200 md:flex-wrap md:overflow-x-visible dark:border-stone-800"
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
              className={`-mb-px whitespace-nowrap border-b-2 px-2 py-2.5 text-sm font-semibold transition-colors sm:px-3 ${
                isSelected
                  ? 'border-brand-700 text-brand-800 dark:border-green-400 dark:text-green-300'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
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
