import { TENDER_KINDS, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { orderItems } from '../../db/schema';
import { itemAmounts, when } from '../orders';

type Receipt = {
  farmName: string;
  orderId: number;
  at: Date;
  timeZone: string;
  items: (typeof orderItems.$inferSelect)[];
  tax: { taxCents: number; taxableCents: number; exemptCents: number; lines: { taxCents: number }[] };
  tenders: Partial<Record<TenderKind, number>>;
  totalCents: number;
};

/**
 * A walk-up sale's receipt (decision 575): the farm, the sale's time in the farm's zone, each line,
 * the taxable and exempt sales and the tax, each tender and the total. Sent through the outbox after
 * the sale's commit; no link, no account needed.
 */
export function receiptMail(to: string, receipt: Receipt) {
  const lines = receipt.items.map((item) => {
    const amount = formatCents(itemAmounts(item).estimateCents);
    const weights = item.weights ? ` (${item.weights.map(Number).join(', ')} ${item.weightUnit})` : '';
    return `${item.quantity} × ${lineName(item.productName, item.variantName)}${weights}: ${amount}`;
  });
  const paid = TENDER_KINDS.filter((k) => (receipt.tenders[k] ?? 0) > 0).map(
    (k) => `${TENDER_LABELS[k]}: ${formatCents(receipt.tenders[k] ?? 0)}`,
  );
  return {
    to,
    subject: `Your receipt from ${receipt.farmName}: ${formatCents(receipt.totalCents)}`,
    text: [
      `${receipt.farmName}, sale #${receipt.orderId}`,
      when(receipt.at, receipt.timeZone),
      '',
      ...lines,
      '',
      `Taxable sales: ${formatCents(receipt.tax.taxableCents)}`,
      `Exempt sales: ${formatCents(receipt.tax.exemptCents)}`,
      `Sales tax: ${formatCents(receipt.tax.taxCents)}`,
      `Total: ${formatCents(receipt.totalCents)}`,
      '',
      'Paid with',
      ...paid,
      '',
      `Thank you for buying from ${receipt.farmName}.`,
    ].join('\n'),
  };
}
