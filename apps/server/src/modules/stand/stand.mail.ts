import { TENDER_KINDS, TENDER_LABELS, type TenderKind } from '@farmstand/shared/benefits/programmes';
import { formatCents } from '@farmstand/shared/format/money';
import { lineName } from '@farmstand/shared/format/quantity';
import type { StandReceipt } from '@farmstand/shared/schemas/stand';
import type { orderItems } from '../../db/schema';
import { itemAmounts, when } from '../orders';

/**
 * A walk-up sale's receipt (decisions 575, 580): the farm, the sale's time in the farm's zone, each
 * line, the taxable and exempt sales and the tax, each tender and the total. One shape for the
 * e-mailed receipt and the text link's page, so what a receipt shows is decided here once.
 */
export function presentReceipt(sale: {
  farmName: string;
  orderId: number;
  at: Date;
  timeZone: string;
  items: (typeof orderItems.$inferSelect)[];
  taxableCents: number;
  exemptCents: number;
  taxCents: number;
  totalCents: number;
  tenders: Partial<Record<TenderKind, number>>;
}): StandReceipt {
  return {
    farm_name: sale.farmName,
    sale_id: sale.orderId,
    at: sale.at.toISOString(),
    when: when(sale.at, sale.timeZone),
    lines: sale.items
      .filter((item) => item.quantity > 0)
      .map((item) => ({
        name: lineName(item.productName, item.variantName),
        quantity: item.quantity,
        weights: item.weights === null ? null : item.weights.map(Number),
        weight_unit: item.weightUnit,
        amount_cents: itemAmounts(item).estimateCents,
      })),
    taxable_cents: sale.taxableCents,
    exempt_cents: sale.exemptCents,
    tax_cents: sale.taxCents,
    total_cents: sale.totalCents,
    tenders: TENDER_KINDS.filter((k) => (sale.tenders[k] ?? 0) > 0).map((kind) => ({
      kind,
      label: TENDER_LABELS[kind],
      cents: sale.tenders[kind] ?? 0,
    })),
  };
}

/** The receipt as a mail, sent through the outbox after the sale's commit; no account needed. */
export function receiptMail(to: string, receipt: StandReceipt) {
  const lines = receipt.lines.map((line) => {
    const weights = line.weights ? ` (${line.weights.join(', ')} ${line.weight_unit})` : '';
    return `${line.quantity} × ${line.name}${weights}: ${formatCents(line.amount_cents)}`;
  });
  return {
    to,
    subject: `Your receipt from ${receipt.farm_name}: ${formatCents(receipt.total_cents)}`,
    text: [
      `${receipt.farm_name}, sale #${receipt.sale_id}`,
      receipt.when,
      '',
      ...lines,
      '',
      `Taxable sales: ${formatCents(receipt.taxable_cents)}`,
      `Exempt sales: ${formatCents(receipt.exempt_cents)}`,
      `Sales tax: ${formatCents(receipt.tax_cents)}`,
      `Total: ${formatCents(receipt.total_cents)}`,
      '',
      'Paid with',
      ...receipt.tenders.map((t) => `${t.label}: ${formatCents(t.cents)}`),
      '',
      `Thank you for buying from ${receipt.farm_name}.`,
    ].join('\n'),
  };
}
