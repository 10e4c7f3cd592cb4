import { centsText } from '@farmstand/shared/format/money';
import type { PickupDay } from '@farmstand/shared/schemas/market-basket';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@farmstand/shared/schemas/orders';
import type { z } from 'zod';
import { csvText } from '../../lib/csv';
import { zonedFormatter } from '../../lib/time';

/** The pickup day as CSV files (decision 587): the same rows as the office's lists, times in the market's zone. */

const clock = zonedFormatter({ hour: 'numeric', minute: '2-digit' });
const statusText = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

export function checkinCsv(day: z.infer<typeof PickupDay>): string {
  const rows: (string | number)[][] = [
    ['Grower check-in', day.date],
    ['Farm', 'Arrived', 'Market order', 'Order', 'Product', 'Ordered', 'Brought', 'Short reason'],
  ];
  for (const farm of day.farms) {
    const arrived = farm.arrivedAt ? clock(day.timeZone).format(new Date(farm.arrivedAt)) : 'not yet';
    for (const line of farm.lines)
      rows.push([
        farm.farmName,
        arrived,
        line.marketOrderId,
        line.orderId,
        line.product,
        line.ordered,
        line.quantity,
        line.shortReason ?? '',
      ]);
  }
  return csvText(rows);
}

export function checkoutCsv(day: z.infer<typeof PickupDay>): string {
  const rows: (string | number)[][] = [
    ['Customer checkout', day.date],
    ['Market order', 'Shopper', 'Phone', 'Status', 'Farm', 'Order', 'Part status', 'Owed', 'Products'],
  ];
  for (const shopper of day.shoppers)
    for (const part of shopper.parts)
      rows.push([
        shopper.marketOrderId,
        shopper.shopperName,
        shopper.shopperPhone ?? '',
        shopper.status,
        part.farmName,
        part.orderId,
        statusText(part.status),
        centsText(part.owedCents),
        part.lines.map((l) => `${l.quantity} × ${l.product}`).join('; '),
      ]);
  return csvText(rows);
}
