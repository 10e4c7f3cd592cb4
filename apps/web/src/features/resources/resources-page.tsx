import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, PageTitle } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { usePublicPageTitle } from '@/lib/document-title';
import { RESOURCE_TABS, type ResourceTab } from './resources-content';

function ResourcePanel({ tab }: { tab: ResourceTab }) {
  return (
    <div className="space-y-6">
      <p className="text-lg text-stone-700 dark:text-stone-300">{tab.intro}</p>
      {tab.sections.map((section) => (
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
          {section.action && (
            <div className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4 dark:border-green-800 dark:bg-green-950/40">
              <p className="text-stone-800 dark:text-stone-200">{section.action.text}</p>
              <Link to={section.action.to} className={buttonClasses('primary', 'md', 'mt-3')}>
                {section.action.label}
              </Link>
            </div>
          )}
        </Card>
      ))}
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">Official sources</h2>
        <ul className="mt-2 space-y-1">
          {tab.links.map((link) => (
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
    </div>
  );
}

/** /resources: static guidance in tabs; the open tab is kept in ?tab= so it can be linked (cottage-food by default). */
export default function ResourcesPage() {
  usePublicPageTitle('/resources');
  const [params, setParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle subtitle="Plain-language guides to the rules for selling food in Kentucky and its neighbours. Always confirm with the agency before you sell.">
        Producer Resources
      </PageTitle>
      <Tabs
        label="Resource topics"
        selected={params.get('tab') ?? RESOURCE_TABS[0].id}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
        tabs={RESOURCE_TABS.map((tab) => ({ id: tab.id, label: tab.label, content: <ResourcePanel tab={tab} /> }))}
      />
    </div>
  );
}
