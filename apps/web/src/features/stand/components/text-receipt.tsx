import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';

/** The receipt's link for a sale: its own action id, known on the phone before any sync (decision 580). */
export const receiptUrl = (actionId: string, origin = window.location.origin) => `${origin}/receipt/${actionId}`;

/**
 * "Text receipt" after a sale (issue 47 item 1): the link, an `sms:` link with "Your receipt from
 * <farm>: <url>" for the phone's own messages app, and "Copy link". Works without signal; the page
 * shows the receipt once the phone has synced.
 */
export function TextReceipt({ actionId, farmName }: { actionId: string; farmName: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const url = receiptUrl(actionId);
  const body = `Your receipt from ${farmName}: ${url}`;
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Text receipt
      </Button>
    );
  return (
    <section aria-label="Text receipt" className="mt-2 space-y-2">
      <p className="text-sm text-stone-700 dark:text-stone-300">
        The buyer’s receipt link (it opens once this phone has synced):
      </p>
      <p className="break-all rounded-md bg-white px-2 py-1 font-mono text-sm text-stone-900 dark:bg-stone-900 dark:text-stone-100">
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClasses('primary')} href={`sms:?body=${encodeURIComponent(body)}`}>
          Send by text
        </a>
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </section>
  );
}
