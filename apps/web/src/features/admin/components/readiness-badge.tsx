import type { Readiness } from '@farmstand/shared/schemas/admin';
import { Badge } from '@/components/ui/card';

const TONES = { ready: 'green', partial: 'yellow', pending: 'gray' } as const;
const LABELS = { ready: 'Ready', partial: 'Partial', pending: 'Pending' } as const;

export function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  return <Badge tone={TONES[readiness]}>{LABELS[readiness]}</Badge>;
}
