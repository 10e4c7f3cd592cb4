import { PUBLIC_PAGE_TITLES, type PublicPagePath } from '@farmstand/shared/constants/page-titles';
import { useEffect } from 'react';
import { useSite } from '@/shared/site/api';

/**
 * Sets this page's document.title ("<page> | <site name>", the admin's `site_name`) while it is
 * shown: every route names itself, so tabs, history and bookmarks tell pages
 * apart. Pages whose name comes from data pass a placeholder until it arrives; null keeps the
 * current title.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const siteName = useSite().site_name;
  useEffect(() => {
    if (title) document.title = `${title} | ${siteName}`;
  }, [title, siteName]);
}

/**
 * The title of a fixed public page, from the table the server also writes into those pages' HTML
 * (decision 250), so the two never differ. Read here rather than in each page so the table ships
 * in this module's chunk, which every page loads anyway, not in a request of its own.
 */
export function usePublicPageTitle(path: PublicPagePath): void {
  useDocumentTitle(PUBLIC_PAGE_TITLES[path]);
}
