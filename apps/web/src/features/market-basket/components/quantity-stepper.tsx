import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * − n + for a basket line: "−" at 1 takes the line out; "+" stops at what can be reserved and says
 * so, staying where the keyboard is (never disabled under it). `focusMore`: the line was just added
 * from an Add button that is now gone, so the keyboard goes on from "+".
 */
export function QuantityStepper({
  name,
  quantity,
  max,
  onChange,
  onRemove,
  focusMore = false,
}: {
  name: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
  onRemove: () => void;
  focusMore?: boolean;
}) {
  const more = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusMore) more.current?.focus();
  }, [focusMore]);
  const atMost = quantity >= max;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a count, named for screen readers
    <div role="group" aria-label={`${name} in your basket`} className="inline-flex flex-wrap items-center justify-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        className="h-9 w-9 !px-0"
        aria-label={quantity <= 1 ? `Remove ${name}` : `One fewer ${name}`}
        onClick={() => (quantity <= 1 ? onRemove() : onChange(quantity - 1))}
      >
        −
      </Button>
      <output className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {quantity}
      </output>
      <Button
        ref={more}
        variant="secondary"
        size="sm"
        className={`h-9 w-9 !px-0 ${atMost ? 'opacity-50' : ''}`}
        aria-label={`One more ${name}`}
        aria-disabled={atMost}
        onClick={() => {
          if (!atMost) onChange(quantity + 1);
        }}
      >
        +
      </Button>
      <span className="w-full text-right text-xs text-stone-700 dark:text-stone-300" aria-live="polite">
        {atMost ? `${max} is all there is` : ''}
      </span>
    </div>
  );
}
