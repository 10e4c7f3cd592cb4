import { Button } from '@/components/ui/button';

/** What could not be loaded, read out when it appears, with a "Try again" that asks once more. */
export function LoadError({ text, onRetry, className = '' }: { text: string; onRetry: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40 ${className}`}
    >
      <p className="font-medium text-red-900 dark:text-red-200">{text}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
