import { productImageSrcSet } from '@farmstand/shared/constants/images';
import { weekStart } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import type { StandingWindow } from '@farmstand/shared/schemas/standing';
import { errorMessage } from '@/lib/api';
import { csaDay, usePlanBoxes } from '../api';

const muted = 'text-stone-700 dark:text-stone-300';

/**
 * A CSA member's latest posted box (decision 515): what is in their size, the farm's note and
 * photo. Self-contained: it reads the plan's boxes itself; `sizeIndex` is the member's size in the
 * plan's size order (the standing reservation's plan size). `upcoming` are the member's next weeks
 * as the server states them: a week their place takes no pickups (its closed date or outside its
 * season, decision 542) is said to have none, so the box is not read as theirs to collect.
 */
export function CsaWeekBox({
  planId,
  sizeIndex,
  upcoming = [],
}: {
  planId: number;
  sizeIndex: number;
  upcoming?: readonly Pick<StandingWindow, 'date' | 'state' | 'reason'>[];
}) {
  const boxes = usePlanBoxes(planId);
  if (boxes.isPending) return <p className={`text-sm ${muted}`}>Loading this week’s box…</p>;
  if (boxes.isError) return <p className={`text-sm ${muted}`}>{errorMessage(boxes.error, 'Could not load the box')}</p>;
  const box = boxes.data.boxes[0];
  if (!box) return <p className={`text-sm ${muted}`}>The farm has not posted a box yet. You get an email when it does.</p>;
  const items = box.items.filter((i) => (i.quantities[sizeIndex] ?? 0) > 0);
  const noPickup = upcoming.find((w) => w.state === 'off' && w.reason !== null && weekStart(w.date) === box.week_of);
  return (
    <div className="space-y-2 text-sm" data-testid={`csa-week-box-${planId}`}>
      <h4 className="font-semibold">Box for the week of {csaDay(box.week_of)}</h4>
      {noPickup && (
        <p className="font-medium text-amber-900 dark:text-amber-200">
          No pickup for you that week: {noPickup.reason}. The next weeks stay as they are.
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {box.photo_url && (
          <img
            src={box.photo_url}
            srcSet={productImageSrcSet(box.photo_url)}
            sizes="(min-width: 640px) 10rem, 100vw"
            alt={`This week’s box from the farm, week of ${csaDay(box.week_of)}`}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-lg object-cover sm:w-40"
          />
        )}
        <div className="min-w-0 space-y-2">
          {items.length > 0 ? (
            <ul className="list-inside list-disc">
              {items.map((item) => (
                <li key={`${item.product_id}-${item.variant_id ?? ''}`}>
                  {item.quantities[sizeIndex]} × {lineName(item.name, item.variant_name)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={muted}>The farm lists no items for your size this week.</p>
          )}
          {box.note && <p className="whitespace-pre-line break-words">{box.note}</p>}
        </div>
      </div>
    </div>
  );
}
