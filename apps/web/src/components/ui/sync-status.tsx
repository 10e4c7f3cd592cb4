/**
 * An offline-first screen's connection and queue (the farm's stand, the market's info booth): Online
 * or Offline, and how many actions wait to sync. `name` keys the test ids (`<name>-status`,
 * `<name>-waiting`).
 */
export function SyncStatus({ online, waiting, name }: { online: boolean; waiting: number; name: string }) {
  return (
    <p className="flex items-center gap-2 text-sm font-semibold" data-testid={`${name}-status`}>
      <span
        className={`rounded-full px-3 py-1 ${
          online
            ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
            : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
        }`}
      >
        {online ? 'Online' : 'Offline'}
      </span>
      <span
        className="rounded-full bg-stone-100 px-3 py-1 text-stone-900 dark:bg-stone-800 dark:text-stone-100"
        data-testid={`${name}-waiting`}
      >
        {waiting} waiting
      </span>
    </p>
  );
}
