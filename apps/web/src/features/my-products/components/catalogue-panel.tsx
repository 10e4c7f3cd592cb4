import { CATALOGUE_COLUMNS, CATALOGUE_MAX_ROWS } from '@farmstand/shared/catalogue/sheet';
import type { CatalogueImportResult } from '@farmstand/shared/schemas/books';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Checkbox } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { errorMessage } from '@/lib/api';
import { fetchCatalogueCsv, useApplyCatalogue, useCheckCatalogue } from '../api';

const ACTION_WORDS: Record<CatalogueImportResult['changes'][number]['action'], string> = {
  create: 'New product',
  update: 'Updated',
  unchanged: 'Unchanged',
};

/** What a checked file would do, in words: "2 new, 5 updated, 40 unchanged". */
export function importSummary(result: CatalogueImportResult): string {
  const parts = [`${result.created} new`, `${result.updated} updated`, `${result.unchanged} unchanged`];
  if (result.zeroed > 0) parts.push(`${result.zeroed} not in the file set to 0 in stock`);
  return `${result.rows} rows: ${parts.join(', ')}`;
}

/** The dry run's answer: problems by row and column first, else what each row does and the button to apply it. */
export function ImportCheck({
  result,
  applying,
  onApply,
}: {
  result: CatalogueImportResult;
  applying: boolean;
  onApply: () => void;
}) {
  const hasProblems = result.problems.length > 0;
  const nothingToDo = result.created + result.updated + result.zeroed === 0;
  return (
    <div className="space-y-3">
      <p role="status" className="font-medium">
        {hasProblems
          ? `${result.problems.length} ${result.problems.length === 1 ? 'problem' : 'problems'} to fix in the file: nothing was imported.`
          : importSummary(result)}
      </p>
      {hasProblems ? (
        <DataTable
          caption="Problems in the file"
          showCaption
          rows={result.problems}
          rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
          columns={[
            { header: 'Row', cell: (p) => p.row, numeric: true, rowHeader: true },
            { header: 'Column', cell: (p) => <code>{p.column}</code> },
            { header: 'Problem', cell: (p) => p.message },
          ]}
        />
      ) : (
        <>
          <DataTable
            caption="What the import does"
            showCaption
            rows={result.changes}
            rowKey={(c) => c.row}
            columns={[
              { header: 'Row', cell: (c) => c.row, numeric: true },
              { header: 'Product', cell: (c) => c.name, rowHeader: true },
              { header: 'Change', cell: (c) => ACTION_WORDS[c.action] },
            ]}
            className="max-h-96 overflow-y-auto"
          />
          <Button onClick={onApply} disabled={applying || nothingToDo}>
            {applying ? 'Importing…' : nothingToDo ? 'Nothing to import' : 'Apply import'}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The catalogue by spreadsheet on the farm's product list (issue 50, decision 585): export, then an
 * import checked first (a dry run) and applied only when no row has a problem.
 */
export function CataloguePanel() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [zeroMissing, setZeroMissing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const check = useCheckCatalogue();
  const apply = useApplyCatalogue();
  const { busy, error: downloadError, download } = useFileDownload<'csv'>();

  const runCheck = (chosen: File | null, zero: boolean) => {
    setDone(null);
    apply.reset();
    if (chosen) check.mutate({ file: chosen, zeroMissing: zero });
    else check.reset();
  };
  const runApply = () => {
    if (!file) return;
    apply.mutate(
      { file, zeroMissing },
      {
        onSuccess: (result) => {
          if (result.written) {
            setDone(`Imported. ${importSummary(result)}.`);
            check.reset();
          }
        },
      },
    );
  };
  // The apply re-checks the file against the catalogue as it is then; its problems replace the dry run's.
  const shown = apply.data && !apply.data.written ? apply.data : check.data;

  return (
    <section
      aria-labelledby="catalogue-heading"
      className="space-y-4 rounded-lg border border-stone-200 p-4 dark:border-stone-700"
    >
      <div>
        <h3 id="catalogue-heading" className="font-semibold">
          Catalogue by spreadsheet
        </h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Export your products, change them in Excel or Google Sheets, and import the file back. The import is checked first:
          nothing is saved until every row is right.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy === 'csv'}
          onClick={() => download('csv', fetchCatalogueCsv, 'farmstand-catalogue.csv', 'Could not export the catalogue')}
        >
          {busy === 'csv' ? 'Exporting…' : 'Export catalogue (CSV)'}
        </Button>
      </div>
      {downloadError && <FormError>{downloadError}</FormError>}
      <div className="space-y-2">
        <label htmlFor={fileId} className="block font-medium">
          Import catalogue (CSV UTF-8 file)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 dark:file:border-stone-600 dark:file:bg-stone-900 dark:file:text-stone-100"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            runCheck(chosen, zeroMissing);
          }}
        />
        <Checkbox
          checked={zeroMissing}
          onChange={(checked) => {
            setZeroMissing(checked);
            runCheck(file, checked);
          }}
          label="Set stock to 0 for products not in the file"
          hint="Only products whose stock you count; the others are left as they are."
        />
      </div>
      {check.isPending && <p role="status">Checking the file…</p>}
      {check.isError && <FormError>{errorMessage(check.error, 'Could not check the file')}</FormError>}
      {apply.isError && <FormError>{errorMessage(apply.error, 'Could not import the file')}</FormError>}
      {done && (
        <p role="status" className="font-medium text-brand-800 dark:text-brand-200">
          {done}
        </p>
      )}
      {shown && !check.isPending && <ImportCheck result={shown} applying={apply.isPending} onApply={runApply} />}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">The spreadsheet’s columns, units and examples</summary>
        <div className="mt-2 space-y-2">
          <p>
            One row per product; a product with variants has one row per variant, its own columns repeated on each. Keep the first
            row (the column names) as it is; columns may be in any order. Save as “CSV UTF-8”. At most{' '}
            {CATALOGUE_MAX_ROWS.toLocaleString('en-US')} rows and 5 MB per file.
          </p>
          <p>
            Rows keep their product by <code>product_id</code> (or your <code>sku</code>); a row without either updates the
            product of the same name, or adds a new one. Weights are read as you write them: 2 lb, 16 oz, 1.5 kg, 1/2 lb.
          </p>
          <DataTable
            caption="Catalogue columns"
            rows={CATALOGUE_COLUMNS}
            rowKey={(c) => c.key}
            minWidth="min-w-[36rem]"
            columns={[
              { header: 'Column', cell: (c) => <code>{c.key}</code>, rowHeader: true },
              { header: 'What to write', cell: (c) => c.help },
              { header: 'Example', cell: (c) => c.example },
            ]}
          />
        </div>
      </details>
    </section>
  );
}
