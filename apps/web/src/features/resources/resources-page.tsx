import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Card, PageTitle } from '../../components/ui/card';
import { RESOURCE_TABS } from './resources-content';

/** Tabs follow the WAI-ARIA tabs pattern; the open tab is kept in ?tab= so it can be linked. */
export default function ResourcesPage() {
  const [params, setParams] = useSearchParams();
  const active = RESOURCE_TABS.find((tab) => tab.id === params.get('tab')) ?? RESOURCE_TABS[0];
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (id: string) => setParams({ tab: id }, { replace: true });
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + RESOURCE_TABS.length) % RESOURCE_TABS.length;
    select(RESOURCE_TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle subtitle="Plain-language guides to the rules for selling food in Kentucky and its neighbours. Always confirm with the agency before you sell.">
        Producer Resources
      </PageTitle>
      <div
        role="tablist"
        aria-label="Resource topics"
        className="flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800"
      >
        {RESOURCE_TABS.map((tab, index) => {
          const isActive = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={isActive}
              aria-controls={`panel-${tab.id}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${
                isActive
                  ? 'border-brand-700 text-brand-800 dark:border-green-400 dark:text-green-300'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" id={`panel-${active.id}`} aria-labelledby={`tab-${active.id}`} className="mt-6 space-y-6">
        <p className="text-lg text-stone-700 dark:text-stone-300">{active.intro}</p>
        {active.sections.map((section) => (
          <Card key={section.heading} className="p-6">
            <h2 className="text-lg font-bold">{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p} className="mt-2 text-stone-700 dark:text-stone-300">
                {p}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-stone-700 dark:text-stone-300">
                {section.bullets.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            )}
          </Card>
        ))}
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">Official sources</h2>
          <ul className="mt-2 space-y-1">
            {active.links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-4 dark:text-green-300"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
