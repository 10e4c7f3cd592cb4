import type { ReactNode } from 'react';

export type StaticSection = { id: string; title: string; body: ReactNode };

/**
 * The layout of the static pages: a title, a short introduction, a table of contents on wide
 * screens and numbered sections with anchors, readable in light and dark.
 */
export function StaticPage({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: ReactNode;
  updated?: string;
  sections: StaticSection[];
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {updated && <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">Last updated {updated}</p>}
        <div className="mt-4 text-lg text-stone-700 dark:text-stone-300">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        {sections.length > 3 && (
          <nav aria-label="On this page" className="hidden lg:block">
            <ol className="sticky top-24 space-y-2 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-stone-600 underline-offset-4 hover:text-brand-800 hover:underline dark:text-stone-300 dark:hover:text-green-300"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className={`space-y-10 ${sections.length > 3 ? '' : 'lg:col-span-2'}`}>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-bold">
                {sections.length > 3 ? `${index + 1}. ` : ''}
                {section.title}
              </h2>
              <div className="prose-static mt-3 space-y-3 leading-relaxed text-stone-700 dark:text-stone-300">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A bulleted list inside a static section. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, index) => (
        // Static content that never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lists
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
