/** A round initial for a person or farm: the same colour every time for the same name. */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const tones = [
    'bg-brand-700 text-white',
    'bg-amber-600 text-white',
    'bg-sky-700 text-white',
    'bg-rose-700 text-white',
    'bg-violet-700 text-white',
  ];
  const tone = tones[[...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % tones.length];
  const dimensions = size === 'sm' ? 'h-8 w-8 text-xs' : 'h-10 w-10 text-sm';
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full font-bold uppercase ${dimensions} ${tone}`}
      aria-hidden="true"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

export const displayName = (user: { farm_name: string | null; email: string } | undefined) =>
  user ? user.farm_name || user.email : 'Conversation';
