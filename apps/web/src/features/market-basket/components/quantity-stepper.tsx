import { Button } from '@/components/ui/button';

/** − n + for a basket line: "−" at 1 takes the line out; "+" stops at what can be reserved. */
export function QuantityStepper({
  name,
  quantity,
  max,
  onChange,
  onRemove,
}: {
  name: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a count, named for screen readers
    <div role="group" aria-label={`${name} in your basket`} className="inline-flex items-center gap-1">
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
        variant="secondary"
        size="sm"
        className="h-9 w-9 !px-0"
        aria-label={`One more ${name}`}
        disabled={quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </Button>
    </div>
  );
}
