import { TOAST_DURATIONS, TOAST_LIMIT } from '@farmstand/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { useMatches } from 'react-router';

/**
 * Where a page's toasts go. A route whose controls sit where toasts would (the map: its panel is
 * at the top right, and spans the top of a phone) says `handle: { toasts: 'bottom' }`; its toasts
 * then show at the bottom centre, above its count box and zoom buttons, so a toast never covers the
 * control that caused it, and never rests under the pointer that pressed it (a toast under the
 * pointer pauses until the pointer leaves). Decision 530.
 */
export type ToastHandle = { toasts?: 'bottom' } | undefined;

/**
 * Toasts top right with the spec's durations, at most 20 at once (spec 01 §9). They start below the
 * sticky header (64 px + border) so they never cover the theme toggle or the user menu, and only a
 * toast itself takes clicks: the gaps around it stay clickable.
 */
export const TOAST_TOP_OFFSET = 80;
/**
 * At the bottom: clear of the phone's tab bar (3.5 rem and the safe area), and above the map's count
 * box and zoom buttons (6.5 rem on a phone, where a toast spans the width; 5 rem from md up, where
 * the tab bar is gone and the centred toast passes left of the zoom buttons).
 */
const BOTTOM_CLASSES = '[--toast-bottom:calc(10rem+env(safe-area-inset-bottom))] md:[--toast-bottom:5rem]';

export function AppToaster() {
  const { toasts } = useToasterStore();
  const atBottom = useMatches().some((match) => (match.handle as ToastHandle)?.toasts === 'bottom');
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return (
    <Toaster
      position={atBottom ? 'bottom-center' : 'top-right'}
      containerClassName={atBottom ? BOTTOM_CLASSES : undefined}
      containerStyle={
        atBottom ? { bottom: 'var(--toast-bottom)', pointerEvents: 'none' } : { top: TOAST_TOP_OFFSET, pointerEvents: 'none' }
      }
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        className: 'dark:!bg-stone-800 dark:!text-stone-100',
      }}
    />
  );
}
