import { type ReactNode, useEffect, useId, useRef } from 'react';

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
    return () => {
      element?.close();
      // After the unmount commit: the opener may have re-rendered, but it is the same node if it stayed.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
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
