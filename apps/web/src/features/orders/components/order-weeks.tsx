import { Card } from '@/components/ui/card';
import { OrderWeeksTable } from '@/components/ui/order-weeks-table';
import { useOrderWeeks } from '../api';

/**
 * Producer analytics: orders per pickup week, upcoming weeks included, and their value: accepted
 * orders at their total, the weighed amount once weighed (decisions 174, 546); the table is the
 * admin's too (`components/ui/order-weeks-table.tsx`).
 */
export function OrderWeeks() {
  const query = useOrderWeeks();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Orders per week</h2>
      <OrderWeeksTable weeks={query.data?.weeks ?? []} scope="farm" />
    </Card>
  );
}
