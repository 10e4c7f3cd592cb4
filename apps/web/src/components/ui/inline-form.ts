import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * A form opened in place of the button that opened it (the market's check-in and checkout): its
 * first field takes the keyboard when it opens, and Escape closes it as Cancel does.
 */
export function useInlineForm(onCancel: () => void) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  };
  return { ref, onKeyDown };
}

/**
 * Which inline form of a list is open, and on closing it, the keyboard back on the button that
 * opened it (`data-opens` names it): `opener(id)` gives that button its attribute.
 */
export function useInlineForms<Id extends string | number>() {
  const [open, setOpen] = useState<Id | null>(null);
  const [closed, setClosed] = useState<Id | null>(null);
  useEffect(() => {
    if (closed === null) return;
    document.querySelector<HTMLElement>(`[data-opens="${closed}"]`)?.focus();
    setClosed(null);
  }, [closed]);
  return {
    open,
    setOpen,
    close: () => {
      setClosed(open);
      setOpen(null);
    },
    opener: (id: Id) => ({ 'data-opens': String(id) }),
  };
}
