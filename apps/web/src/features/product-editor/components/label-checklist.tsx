import { STATE_NAMES, type StateCode } from '@farmstand/shared';
import {
  type LabelItemState,
  type LabelProducer,
  type LabelProduct,
  labelChecklist,
  stateRuleNotice,
} from '@farmstand/shared/labels/rules';
import type { LabelSheetsResponse } from '@farmstand/shared/labels/sheets';
import { useLabelSheets } from '../api';

type SheetsVerdict = { summary: string; refused: string[] };

/** Only a field filled in is ticked; one with nothing to fill in here gets a plain dot and its reason. */
const MARKS: Record<LabelItemState, { mark: string; said: string; className: string }> = {
  filled: { mark: '✓', said: 'Done: ', className: 'text-green-700 dark:text-green-400' },
  missing: { mark: '✗', said: 'Missing: ', className: 'font-bold text-red-700 dark:text-red-400' },
  open: { mark: '•', said: 'Nothing to fill in: ', className: 'text-stone-600 dark:text-stone-400' },
};

/**
 * Whether a complete label prints: only the server can measure it against the sheets (the PDF's own
 * fonts, docs/decisions/382), so it judges the saved product, and unsaved edits wait for a save.
 */
function sheetsVerdict(
  sheets: { data?: LabelSheetsResponse; isFetching: boolean; isError: boolean },
  isSaved: boolean,
  hasUnsavedChanges: boolean,
): SheetsVerdict {
  if (!isSaved || hasUnsavedChanges) {
    return { summary: 'Every field is filled in. Save the product to check that the label fits a sheet.', refused: [] };
  }
  if (sheets.isFetching) return { summary: 'Every field is filled in. Checking which label sheets it fits…', refused: [] };
  if (sheets.isError || !sheets.data) {
    return { summary: 'Every field is filled in, but the label sheets could not be checked. Try again later.', refused: [] };
  }
  const refused = sheets.data.sheets.filter((fit) => !fit.fits).map((fit) => fit.reason ?? `Does not fit on ${fit.name}.`);
  const fitting = sheets.data.sheets.filter((fit) => fit.fits).map((fit) => fit.name);
  if (fitting.length === 0) return { summary: 'Every field is filled in, but the label fits no sheet:', refused };
  return { summary: `Ready to print labels. Fits ${fitting.join('; ')}.`, refused: [] };
}

/**
 * What the printed label will carry, ticked field by field for the producer's state, so a missing
 * field shows while editing rather than when printing. The server applies the same rule; once every
 * field is there, its sheets verdict for the saved product says whether the label prints.
 */
export function LabelChecklist({
  product,
  producer,
  productId,
  hasUnsavedChanges,
}: {
  product: LabelProduct;
  producer: LabelProducer;
  /** The saved product, or null while it is being added. */
  productId: number | null;
  hasUnsavedChanges: boolean;
}) {
  const items = labelChecklist(product, producer);
  const missing = items.filter((item) => !item.ok).length;
  const notice = stateRuleNotice(producer.state as StateCode);
  const sheets = useLabelSheets(productId);
  const verdict = missing === 0 ? sheetsVerdict(sheets, productId !== null, hasUnsavedChanges) : null;
  return (
    <section
      aria-labelledby="label-checklist-heading"
      className="rounded-lg border border-stone-200 bg-stone-50 p-4 dark:border-stone-700 dark:bg-stone-950"
    >
      <h3 id="label-checklist-heading" className="text-sm font-semibold">
        Label checklist ({STATE_NAMES[producer.state as StateCode]})
      </h3>
      <div aria-live="polite">
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {verdict ? verdict.summary : `${missing} ${missing === 1 ? 'field is' : 'fields are'} missing for a printable label.`}
        </p>
        {verdict && verdict.refused.length > 0 && (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-red-800 dark:text-red-300">
            {verdict.refused.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.field} className="flex items-start gap-2" data-state={item.state}>
            <span aria-hidden="true" className={`w-3 shrink-0 text-center ${MARKS[item.state].className}`}>
              {MARKS[item.state].mark}
            </span>
            <span>
              <span className="sr-only">{MARKS[item.state].said}</span>
              {item.label}
              {item.state !== 'filled' && item.hint && (
                <span className="block text-xs text-stone-600 dark:text-stone-400">{item.hint}</span>
              )}
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
