/** A question and its answer. */
export type FaqItem = { q: string; a: string };

/**
 * The one FAQ look (decision 530), on /pricing and /billing alike: each question a disclosure
 * (native details/summary, so it opens by keyboard and is announced as expandable), in bold with a
 * "+" that turns into "×" when open, the answer below it. The page places the list (its heading,
 * its box); the questions look the same wherever they are.
 */
export function Faq({ items, className = '' }: { items: FaqItem[]; className?: string }) {
  return (
    <div data-faq className={`divide-y divide-stone-200 dark:divide-stone-800 ${className}`}>
      {items.map((item) => (
        <details key={item.q} className="group py-4 first:pt-0 last:pb-0">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-stone-900 marker:hidden dark:text-stone-100 [&::-webkit-details-marker]:hidden">
            {item.q}
            <span className="text-lg leading-none text-stone-500 transition-transform group-open:rotate-45" aria-hidden="true">
              +
            </span>
          </summary>
          <p className="mt-2 text-stone-700 dark:text-stone-300">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
