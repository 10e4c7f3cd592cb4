import { TOAST_DURATIONS, TOAST_LIMIT } from '@farmstand/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/**
 * Toasts top right with the spec's durations, at most 20 at once (spec 01 §9). They start below the
 * sticky header (64 px + border) so they never cover the theme toggle or the user menu, and only a
 * toast itself takes clicks: the gaps around it stay clickable.
 */
export const TOAST_TOP_OFFSET = 80;
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOAST_TOP_OFFSET, pointerEvents: 'none' }}
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        className: 'dark:!bg-stone-800 dark:!text-stone-100',
      }}
    />
  );
}
