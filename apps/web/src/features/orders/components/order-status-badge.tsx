import { ORDER_STATUS_LABELS, type OrderStatus } from '@farmstand/shared/constants/orders';
import { Badge, type BadgeTone } from '@/components/ui/card';

const TONES: Record<OrderStatus, BadgeTone> = {
  requested: 'blue',
  accepted: 'green',
  ready: 'green',
  picked_up: 'gray',
  declined: 'red',
  no_show: 'orange',
  cancelled: 'gray',
  expired: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
