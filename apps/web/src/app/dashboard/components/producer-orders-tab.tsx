import type { Order } from '@farmstand/shared/schemas/orders';
import type { ReactNode } from 'react';
import { CsaPlansManager } from '@/features/csa/components/csa-plans-manager';
import { FarmShares } from '@/features/meat-shares/components/farm-shares';
import { OrderCard } from '@/features/orders/components/order-card';
import { OrderRequests } from '@/features/orders/components/order-requests';
import { WeighingView } from '@/features/orders/components/weighing-view';
import { PickupDayTab } from '@/features/pickup-day/components/pickup-day-tab';
import { StandingSection } from '@/features/standing/components/standing-section';

/**
 * The producer dashboard's Orders tab: the pickup day (features/pickup-day) with the requests to
 * answer, each order's card and weighing (orders), the farm's meat shares, standing reservations
 * and CSA plans. `recordPayment` is on each of the day's order cards (what was paid, and "Paid &
 * picked up", which hands the order over: the card then leaves out its own "Picked up").
 */
export function ProducerOrdersTab({ recordPayment }: { recordPayment?: (order: Order) => ReactNode } = {}) {
  return (
    <PickupDayTab
      requests={<OrderRequests />}
      shares={<FarmShares />}
      standing={<StandingSection />}
      csa={<CsaPlansManager />}
      order={(order) => <OrderCard order={order} side="producer" payment={recordPayment?.(order)} underItsWindow />}
      weighing={(date, orderIds) => <WeighingView date={date} orderIds={orderIds} />}
    />
  );
}
