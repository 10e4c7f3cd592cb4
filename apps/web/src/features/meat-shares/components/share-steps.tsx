import { shareSteps } from '@farmstand/shared/format/shares';
import type { ShareReservation } from '@farmstand/shared/schemas/shares';

/** A share's steps in order, each done one marked in words as well as with a check (decision 512). */
export function ShareSteps({ share }: { share: ShareReservation }) {
  if (share.status === 'cancelled') return null;
  return (
    <ol aria-label="Steps of this share" className="mt-3 flex flex-wrap gap-2 text-xs">
      {shareSteps(share).map((s) => (
        <li
          key={s.step}
          className={`rounded-full border px-2.5 py-1 ${
            s.done
              ? 'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-900/30 dark:text-green-100'
              : 'border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-300'
          }`}
        >
          {s.done && <span aria-hidden="true">✓ </span>}
          {s.label}
          {s.done && <span className="sr-only"> (done)</span>}
        </li>
      ))}
    </ol>
  );
}
