import { DOCUMENT_TEXTS } from '@farmstand/shared/schemas/certification-documents';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { getToken } from '@/lib/storage';

/**
 * Opens a private document (a certification's file) in a new tab. A plain link cannot carry the
 * bearer token, so the file is fetched with it and shown from a blob URL.
 */
export function DocumentLink({
  url,
  label = 'View Document',
  className = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-green-300',
  accessibleName,
}: {
  url: string;
  label?: string;
  className?: string;
  accessibleName?: string;
}) {
  const [isOpening, setIsOpening] = useState(false);
  const open = async () => {
    setIsOpening(true);
    try {
      const token = getToken();
      const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(String(response.status));
      const blobUrl = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = blobUrl;
      link.target = '_blank';
      link.rel = 'noopener';
      link.click();
      // The new tab has read the blob by then; free the memory later.
      setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
    } catch {
      toast.error(DOCUMENT_TEXTS.openFailed);
    } finally {
      setIsOpening(false);
    }
  };
  return (
    <button type="button" onClick={open} disabled={isOpening} aria-label={accessibleName} className={className}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </button>
  );
}
