type View = 'list' | 'map';

/** The map view / list view switch of /search. */
export function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const option = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
        view === value
          ? 'bg-brand-700 text-white'
          : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800'
      }`}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex gap-1 rounded-lg border border-stone-300 bg-white p-1 dark:border-stone-700 dark:bg-stone-900">
      <legend className="sr-only">Show results as</legend>
      {option('list', 'List view')}
      {option('map', 'Map view')}
    </fieldset>
  );
}
