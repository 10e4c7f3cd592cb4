import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex="0"]';

/**
 * Gives the focus back to the opener when the dialog goes. The opener may be gone by then or a
 * moment later (Suspend turned into Activate, a deleted row): the focus then goes to the control
 * at the same place in the opener's row or card, else to the row's first control, so it is
 * never left on the page body.
 */
function rememberOpener(opener: HTMLElement | null): () => void {
  const row = opener?.closest<HTMLElement>('tr, li') ?? null;
  const panel = opener?.closest<HTMLElement>('[role="tabpanel"]') ?? null;
  const index = row && opener ? [...row.querySelectorAll(FOCUSABLE)].indexOf(opener) : -1;
  const fallback = (): HTMLElement | null => {
    if (opener?.isConnected) return opener;
    if (row?.isConnected) {
      const controls = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];
      return controls[index] ?? controls[0] ?? null;
    }
    return panel?.isConnected ? panel.querySelector<HTMLElement>(FOCUSABLE) : null;
  };
  // The document of the moment, not the global: a late timer must not outlive a torn-down page.
  const page = opener?.ownerDocument ?? document;
  const refocus = () => {
    const active = page.activeElement;
    if (active && active !== page.body && active.isConnected) return;
    fallback()?.focus({ preventScroll: true });
  };
  return () => {
    // After the unmount commit: the opener may have re-rendered, but it is the same node if it stayed.
    fallback()?.focus({ preventScroll: true });
    // The list refreshes after the action: if that removes the focused control, put the focus back.
    for (const delay of [100, 500, 1500]) (page.defaultView ?? window).setTimeout(refocus, delay);
  };
}

/**
 * A modal on the native <dialog> (focus trap, Esc closes, backdrop); mounted only while open. On
 * close the focus returns to whatever had it when the dialog opened (WAI-ARIA dialog pattern).
 */
export function Modal({
  title,
  onClose,
  children,
  width = 'max-w-lg',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    // The element that opened the dialog (usually a button). The dialog is unmounted rather than
    // closed, so the browser's own focus restoring never runs: give the focus back by hand.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && !element?.contains(active) ? active : null;
    if (element && !element.open) element.showModal();
    const restore = rememberOpener(opener);
    return () => {
      element?.close();
      restore();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] ${width} overflow-y-auto rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-black/50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}
