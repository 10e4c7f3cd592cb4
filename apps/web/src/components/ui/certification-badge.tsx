import { CERTIFICATION_LABELS, type CertificationType } from '@farmstand/shared';
import type { CertificationStatus } from '@farmstand/shared/schemas/producers';
import { Badge } from '@/components/ui/card';

const LABELS: Record<CertificationStatus, { text: string; tone: 'green' | 'yellow' | 'red' | 'gray' }> = {
  verified: { text: 'Verified', tone: 'green' },
  pending: { text: 'Pending', tone: 'yellow' },
  rejected: { text: 'Rejected', tone: 'red' },
  expired: { text: 'Expired', tone: 'gray' },
};

export function CertificationBadge({ status }: { status: CertificationStatus }) {
  const { text, tone } = LABELS[status];
  return <Badge tone={tone}>{text}</Badge>;
}

/** A certification type's name ("USDA Organic"); an unknown type is its key with spaces. */
export const certificationLabel = (type: string) => CERTIFICATION_LABELS[type as CertificationType] ?? type.replace(/_/g, ' ');
