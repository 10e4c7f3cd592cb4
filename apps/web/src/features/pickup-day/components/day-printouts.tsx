import { LABEL_SHEET_IDS, LABEL_SHEETS, type LabelSheetId } from '@farmstand/shared/labels/sheets';
import { DEFAULT_BAG_LABEL_SHEET, type PackingLayout } from '@farmstand/shared/schemas/packing';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useFileDownload } from '@/components/ui/use-file-download';
import { api } from '@/lib/api';
import { formatDay } from '@/lib/pickup-time';
import { usePickupSetup } from '@/shared/pickup-places';
import { HarvestList } from './harvest-list';

const PDF_FAILED = 'Could not make the PDF. Please try again.';

/** The packing slips or bag labels of a day (of one pickup place when `point` is given), as a PDF. */
export const fetchPackingPdf = (query: { date: string; point?: number; layout: PackingLayout; sheet?: LabelSheetId }) =>
  api.file('/orders/packing-slips.pdf', query);

/**
 * Below the day's orders: packing slips (Letter, with cut lines) or bag labels (on the label
 * maker's sheets) as a PDF for a day and a pickup place (the day shown and all places unless chosen:
 * Friday's packing for Saturday's market, one booth's bags), and the harvest list over a range of
 * days from the day shown.
 */
export function DayPrintouts({ date, packable }: { date: string; packable: number }) {
  const [day, setDay] = useState(date);
  const [point, setPoint] = useState('');
  const places = usePickupSetup().data?.points ?? [];
  useEffect(() => setDay(date), [date]);
  // The tab's count is of the day shown; for another day the server says whether there is anything.
  const nothing = day === date && packable === 0;
  const [sheet, setSheet] = useState<LabelSheetId>(DEFAULT_BAG_LABEL_SHEET);
  const { busy, error, file: pdf, download } = useFileDownload<PackingLayout>();
  const make = (layout: PackingLayout) =>
    download(
      layout,
      () =>
        fetchPackingPdf({
          date: day,
          point: point ? Number(point) : undefined,
          layout,
          sheet: layout === 'labels' ? sheet : undefined,
        }),
      `${layout === 'labels' ? 'bag-labels' : 'packing-slips'}-${day}.pdf`,
      PDF_FAILED,
    );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="space-y-3 p-4">
        <section aria-labelledby="packing-heading" className="space-y-3">
          <h3 id="packing-heading" className="text-lg font-semibold">
            Packing · {formatDay(day)}
          </h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {day !== date
              ? 'A slip or bag label for each order accepted or ready on this day.'
              : packable === 0
                ? 'No accepted or ready orders to pack on this day.'
                : `A slip or bag label for each of the ${packable} ${packable === 1 ? 'order' : 'orders'} accepted or ready: name, order number, pickup, items with a blank for each pack to weigh, benefits, note and amount to collect.`}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-40">
              <TextInput label="Pickup day" type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
            </div>
            <div className="w-full min-w-0 sm:w-60">
              <SelectInput label="Pickup place" value={point} onChange={(e) => setPoint(e.target.value)}>
                <option value="">All places</option>
                {places.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </SelectInput>
            </div>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void make('slips')}
              isLoading={busy === 'slips'}
              disabled={nothing || busy !== null}
            >
              Packing slips (PDF)
            </Button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-full sm:w-72">
              <SelectInput label="Label sheet" value={sheet} onChange={(e) => setSheet(e.target.value as LabelSheetId)}>
                {LABEL_SHEET_IDS.map((id) => (
                  <option key={id} value={id}>
                    {LABEL_SHEETS[id].name}
                  </option>
                ))}
              </SelectInput>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void make('labels')}
              isLoading={busy === 'labels'}
              disabled={nothing || busy !== null}
            >
              Bag labels (PDF)
            </Button>
          </div>
          <FormError>{error}</FormError>
          {pdf && (
            <p className="text-sm">
              <a
                href={pdf.url}
                download={pdf.name}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-green-300"
              >
                Download {pdf.name} again
              </a>
            </p>
          )}
        </section>
      </Card>
      <Card className="p-4">
        <HarvestList initialFrom={date} />
      </Card>
    </div>
  );
}
