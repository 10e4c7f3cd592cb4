import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children in a task of their own, just after the page's first paint: for parts below
 * the fold (reviews, pickup times, the footer), so the task that draws what a phone shows first is
 * shorter and the rest follows in smaller ones (Lighthouse's total blocking time counts every task
 * past 50 ms; docs/decisions/190). Each Deferred waits for its own timer, so several of them make
 * several short tasks rather than one long one. Use it only where the content appears below what is
 * already on screen, so its arrival moves nothing the reader sees.
 */
export function Deferred({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return <>{shown ? children : placeholder}</>;
}
