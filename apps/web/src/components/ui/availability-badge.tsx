import { AVAILABILITY_LABELS, type Availability } from '@farmstand/shared';
import { Badge, type BadgeTone } from './card';

/** Spec 01 §4: available green, sold out red, seasonal yellow, pre-order blue. */
const TONES: Record<Availability, BadgeTone> = { available: 'green', sold_out: 'red', seasonal: 'yellow', pre_order: 'blue' };

export function AvailabilityBadge({ availability, className = '' }: { availability: string; className?: string }) {
  const known = availability in TONES ? (availability as Availability) : null;
  return (
    <Badge tone={known ? TONES[known] : 'gray'} className={className}>
      {known ? AVAILABILITY_LABELS[known] : availability}
    </Badge>
  );
}
