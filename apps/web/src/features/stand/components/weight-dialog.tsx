import { MAX_PACK_WEIGHT, packCents, toMilli, type WeightUnit } from '@farmstand/shared/format/by-weight';
import { formatCents } from '@farmstand/shared/format/money';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';

/** A weight typed from the scale (a decimal keypad on a phone): one pack of a by-weight item. */
export function parseWeight(text: string, unit: WeightUnit): { milli: number } | { error: string } {
  const plain = text.trim().replace(',', '.');
  if (!/^\d*(\.\d{1,3})?$/.test(plain) || plain === '' || plain === '.')
    return { error: `Enter the weight in ${unit}, such as 1.25` };
  const milli = toMilli(plain);
  if (milli <= 0) return { error: 'A weight must be more than 0' };
  if (milli > toMilli(MAX_PACK_WEIGHT[unit])) return { error: `A pack weighs at most ${MAX_PACK_WEIGHT[unit]} ${unit}` };
  return { milli };
}

export function WeightDialog({
  name,
  unit,
  priceCents,
  onAdd,
  onClose,
}: {
  name: string;
  unit: WeightUnit;
  priceCents: number;
  onAdd: (milli: number) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const parsed = parseWeight(text, unit);
  const add = () => {
    if ('error' in parsed) return setError(parsed.error);
    onAdd(parsed.milli);
  };
  return (
    <Modal title={`Weigh: ${name}`} onClose={onClose} width="max-w-sm">
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextInput
          label={`Weight of this pack (${unit})`}
          inputMode="decimal"
          autoFocus
          value={text}
          error={error}
          hint={`${formatCents(priceCents)}/${unit}${'milli' in parsed ? ` · this pack ${formatCents(packCents(priceCents, parsed.milli))}` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          className="text-2xl"
        />
        <div className="flex gap-3">
          <Button variant="secondary" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg" className="flex-1">
            Add pack
          </Button>
        </div>
      </form>
    </Modal>
  );
}
