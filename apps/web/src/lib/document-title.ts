import { useEffect } from 'react';

export const SITE_NAME = 'Farmstand';

/**
 * Sets this page's document.title ("<page> | Farmstand") while it is shown (issue 11 item 5): every
 * route names itself, so tabs, history and bookmarks tell pages apart. Pages whose name comes from
 * data pass a placeholder until it arrives; null keeps the current title.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
