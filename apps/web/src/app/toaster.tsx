import { TOAST_DURATIONS, TOAST_LIMIT } from '@farmstand/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Toasts top right with the spec's durations, at most 20 at once (spec 01 §9). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        className: 'dark:!bg-stone-800 dark:!text-stone-100',
      }}
    />
  );
}
