import { STATE_NAMES, type StateCode } from '@farmstand/shared';
import { type LabelProducer, type LabelProduct, labelChecklist, stateRuleNotice } from '@farmstand/shared/labels/rules';

/**
 * What the printed label will carry, ticked field by field for the producer's state, so a missing
 * field shows while editing rather than when printing (issue 14). The server applies the same rule.
 */
export function LabelChecklist({ product, producer }: { product: LabelProduct; producer: LabelProducer }) {
  const items = labelChecklist(product, producer);
  const missing = items.filter((item) => !item.ok).length;
  const notice = stateRuleNotice(producer.state as StateCode);
  return (
    <section
      aria-labelledby="label-checklist-heading"
      className="rounded-lg border border-stone-200 bg-stone-50 p-4 dark:border-stone-700 dark:bg-stone-950"
    >
      <h3 id="label-checklist-heading" className="text-sm font-semibold">
        Label checklist ({STATE_NAMES[producer.state as StateCode]})
      </h3>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" aria-live="polite">
        {missing === 0
          ? 'Ready to print labels.'
          : `${missing} ${missing === 1 ? 'field is' : 'fields are'} missing for a printable label.`}
      </p>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.field} className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className={item.ok ? 'text-green-700 dark:text-green-400' : 'font-bold text-red-700 dark:text-red-400'}
            >
              {item.ok ? '✓' : '✗'}
            </span>
            <span>
              <span className="sr-only">{item.ok ? 'Done: ' : 'Missing: '}</span>
              {item.label}
              {!item.ok && item.hint && <span className="block text-xs text-stone-600 dark:text-stone-400">{item.hint}</span>}
            </span>
          </li>
        ))}
      </ul>
      {notice && (
        <p
          role="note"
          className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      )}
    </section>
  );
}
