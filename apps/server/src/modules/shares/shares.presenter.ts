import { shareCents, shareDueCents, toMilli } from '@farmstand/shared/format/by-weight';
import { toDollars, toDollarsOrNull } from '@farmstand/shared/format/money';
import { type ShareReservation, shareLabel, shareStateLabel } from '@farmstand/shared/schemas/shares';
import { cutSheetOpen, type ShareRole } from './shares.policy';
import type { ShareWithFarm } from './shares.repository';

const num = (v: number | null) => (v === null ? null : Number(v));

/** What leaves the server about a share reservation. */
export function presentShare(
  { share: r, farmName, inspection, cutSheetChanged = false }: ShareWithFarm,
  role: ShareRole,
  now: Date,
): ShareReservation {
  const perShare = shareCents({
    pricePerLbCents: r.pricePerLbCents,
    hangingMilli: toMilli(r.hangingEstimate),
    feesCents: r.feeEstimateCents,
  });
  const billed = r.hangingWeight !== null && r.processingFeesCents !== null;
  const money = billed
    ? {
        pricePerLbCents: r.pricePerLbCents,
        hangingMilli: toMilli(r.hangingWeight ?? 0),
        feesCents: r.processingFeesCents ?? 0,
      }
    : null;
  const depositCents = r.depositReceivedCents ?? 0;
  const view = {
    status: r.status,
    deposit_requested: r.depositRequestedCents === null ? null : toDollars(r.depositRequestedCents * r.quantity),
    deposit_received: toDollarsOrNull(r.depositReceivedCents),
    cut_sheet_at: r.cutSheetAt ? r.cutSheetAt.toISOString() : null,
    cut_sheet_due: r.terms.cut_sheet_due,
    cut_sheet_open: cutSheetOpen(r, now),
  };
  return {
    id: r.id,
    product_id: r.productId,
    product_name: r.productName,
    farm_name: farmName,
    producer_user_id: r.producerUserId,
    shopper_name: r.shopperName,
    shopper_phone: role === 'admin' ? null : r.shopperPhone,
    quantity: r.quantity,
    animal: r.terms.animal,
    parts: r.terms.parts,
    share_label: shareLabel(r.terms),
    inspection,
    processor: r.terms.processor,
    processing_date: r.terms.processing_date,
    time_zone: r.terms.time_zone,
    price_per_lb: toDollars(r.pricePerLbCents),
    hanging_weight_estimate: Number(r.hangingEstimate),
    processing_fee_estimate: toDollars(r.feeEstimateCents),
    estimate: toDollars(perShare * r.quantity),
    deposit_link: r.terms.deposit_link,
    deposit_received_at: r.depositReceivedAt ? r.depositReceivedAt.toISOString() : null,
    cut_sheet_template: r.terms.cut_sheet,
    cut_sheet: r.cutSheet,
    // Said to both when a filled sheet kept the questions it was answered under (decision 547).
    cut_sheet_changed: r.cutSheet !== null && cutSheetChanged,
    hanging_weight: num(r.hangingWeight),
    processing_fees: toDollarsOrNull(r.processingFeesCents),
    bill_total: money ? toDollars(shareCents(money)) : null,
    amount_due: money ? toDollars(shareDueCents(money, depositCents)) : null,
    ready_note: r.readyNote,
    cancel_reason: r.cancelReason,
    created_at: r.createdAt.toISOString(),
    state_label: shareStateLabel(view),
    ...view,
  };
}
