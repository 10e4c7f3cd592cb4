import type { KeyboardEvent } from 'react';

export const PROFILE_TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'products', label: 'Products' },
  { id: 'certifications', label: 'Certifications' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['id'];

export const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
export const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/** WAI-ARIA tabs: arrow keys move between them, the active one is the only tab stop. */
export function ProfileTabs({ active, onSelect }: { active: ProfileTab; onSelect: (tab: ProfileTab) => void }) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.findIndex((t) => t.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = PROFILE_TABS[(index + step + PROFILE_TABS.length) % PROFILE_TABS.length].id;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Producer profile sections"
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800"
    >
      {PROFILE_TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-2 py-2.5 text-sm font-semibold transition-colors sm:px-4 ${
              selected
                ? 'border-brand-700 text-brand-800 dark:border-green-400 dark:text-green-300'
                : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
