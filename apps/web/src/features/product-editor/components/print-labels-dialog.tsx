import { todayDateOnly } from '@farmstand/shared';
import {
  LABEL_FIELD_NAMES,
  type LabelProducer,
  labelOfPack,
  missingLabelFields,
  stateRuleNotice,
} from '@farmstand/shared/labels/rules';
import {
  LABEL_SHEET_IDS,
  LABEL_SHEETS,
  LabelPrintQuery,
  type LabelSheetId,
  MAX_LABELS_PER_PRINT,
} from '@farmstand/shared/labels/sheets';
import type { Product } from '@farmstand/shared/schemas/products';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { useFileDownload } from '@/components/ui/use-file-download';
import { requestResolver } from '@/lib/form-errors';
import { fetchLabelPdf, useLabelSheets } from '../api';

const PRINT_FAILED = 'Failed to create labels';

/** 'Print labels' on the producer's product list: opens the label maker (issue 14). */
export function PrintLabelsButton({ products, producer }: { products: Product[]; producer: LabelProducer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={products.length === 0}>
        Print labels
      </Button>
      {open && <PrintLabelsDialog products={products} producer={producer} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The fields as typed; the request (`LabelPrintQuery`, the server's own query schema) is built from them. */
type Values = { productId: string; sheet: LabelSheetId; count: string; processing_date: string; weight: string };

function PrintLabelsDialog({
  products,
  producer,
  onClose,
}: {
  products: Product[];
  producer: LabelProducer;
  onClose: () => void;
}) {
  const { busy, error, file: pdf, download } = useFileDownload<'labels'>();
  const productOf = (id: string) => products.find((p) => String(p.id) === id);
  const form = useForm<Values, unknown, LabelPrintQuery>({
    defaultValues: {
      productId: String(products[0]?.id ?? 0),
      sheet: 'avery_5163',
      count: '10',
      processing_date: todayDateOnly(),
      weight: '',
    },
    resolver: requestResolver(LabelPrintQuery, (values: Values, problem) => {
      // A product sold by weight states each pack's weighed net weight (decision 510), in the server's words.
      const unit = productOf(values.productId)?.weight_unit;
      if (unit && values.weight.trim() === '')
        problem('weight', `Give the pack's weight in ${unit}: its label states what the pack weighs`);
      return {
        sheet: sheetOf(values.sheet),
        count: values.count,
        processing_date: values.processing_date,
        ...(unit && values.weight.trim() !== '' ? { weight: values.weight } : {}),
      };
    }),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const product = productOf(form.watch('productId'));
  const missing = product ? missingLabelFields(labelOfPack(product, product, null), producer) : [];
  const notice = stateRuleNotice(producer.state);
  const fits = useLabelSheets(product?.id ?? null);
  const fitting = fits.data?.sheets.filter((fit) => fit.fits) ?? [];
  const refused = fits.data?.sheets.filter((fit) => !fit.fits) ?? [];
  // Only the sheets the label fits are offered; the others are listed with the reason (the PDF's own fit).
  // The sheet printed on is the one chosen while it is offered, else the first offered (the one shown).
  const offered = fits.data ? fitting.map((fit) => fit.sheet) : LABEL_SHEET_IDS;
  const sheetOf = (chosen: LabelSheetId) => (offered.includes(chosen) ? chosen : offered[0]);
  const chosenSheet = sheetOf(form.watch('sheet'));

  const create = form.handleSubmit((query) => {
    if (!product) return;
    void download('labels', () => fetchLabelPdf(product.id, query), `labels-${query.processing_date}.pdf`, PRINT_FAILED);
  });

  return (
    <Modal title="Print labels" onClose={onClose} width="max-w-xl">
      <form className="space-y-4" noValidate onSubmit={create}>
        <SelectInput label="Product" {...form.register('productId')}>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectInput>
        {missing.length > 0 && (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            This product's label is missing: {missing.map((field) => LABEL_FIELD_NAMES[field]).join(', ')}. Edit the product to
            add {missing.length === 1 ? 'it' : 'them'}.
          </p>
        )}
        {missing.length === 0 && fits.data && fitting.length === 0 && (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            This product's label fits no sheet. Shorten its text and try again.
          </p>
        )}
        {/* Shows the sheet printed on (the one chosen while it is offered), so it is a value, not a registered input. */}
        <SelectInput
          label="Label sheet"
          value={chosenSheet ?? ''}
          disabled={offered.length === 0}
          error={errors.sheet?.message}
          onChange={(event) => form.setValue('sheet', event.target.value as LabelSheetId)}
        >
          {offered.map((id) => (
            <option key={id} value={id}>
              {LABEL_SHEETS[id].name}
            </option>
          ))}
        </SelectInput>
        {missing.length === 0 && refused.length > 0 && (
          <div className="text-sm text-stone-700 dark:text-stone-300">
            <p className="font-medium">Not offered for this label:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {refused.map((fit) => (
                <li key={fit.sheet}>{fit.reason}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Number of labels"
            type="number"
            min={1}
            max={MAX_LABELS_PER_PRINT}
            step={1}
            inputMode="numeric"
            error={errors.count?.message}
            {...form.register('count')}
          />
          <TextInput
            label="Processing date"
            type="date"
            hint="The day this batch was made."
            error={errors.processing_date?.message}
            {...form.register('processing_date')}
          />
          {product?.weight_unit && (
            <TextInput
              label={`Pack weight (${product.weight_unit})`}
              type="number"
              required
              min={0.001}
              step={0.001}
              inputMode="decimal"
              hint="What the pack weighs on your scale: its label states it as the net weight."
              error={errors.weight?.message}
              {...form.register('weight')}
            />
          )}
        </div>
        {notice && (
          <p
            role="note"
            className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {notice}
          </p>
        )}
        <FormError>{error}</FormError>
        {pdf && (
          <p role="status" className="text-sm">
            Your labels are ready:{' '}
            <a href={pdf.url} download={pdf.name} className="font-semibold text-brand-700 underline dark:text-green-300">
              Download {pdf.name}
            </a>
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" isLoading={busy !== null} disabled={!product || missing.length > 0 || !chosenSheet}>
            Create PDF
          </Button>
        </div>
      </form>
    </Modal>
  );
}
