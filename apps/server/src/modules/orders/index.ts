// The orders module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { pickupTenders, standTerms, tenderTimingRefusal } from './order-benefits';
export { checkLines, itemAmounts, orderAmounts, toWeigh, weighFirstRefusal } from './order-lines';
export { farmsWithPendingOrderMail, mailFarmNow, mailPeriodOf, takePendingOrderMail, when } from './order-mail';
export { announcePlaced, type CheckedDraft, checkDraft, type OrderDraft, placeDraft, unorderableLines } from './order-placement';
export { lockShopper } from './order-placement.repository';
export { runOrderExpiry } from './orders.jobs';
export { refusal } from './orders.policy';
export { presentOrder } from './orders.presenter';
export { findOrderRow, marketOrderParts, type OrderDetails, productsForOrderReader } from './orders.repository';
export { announceMove, applyMove, moveOrder, ordersPerPickupWeek } from './orders.service';
export { closeOverdue } from './pickup-day';
export {
  pickupRemindersOf,
  sendMorningSummaries,
  sendPickupReminders,
  setPickupReminders,
  userOfUnsubscribeToken,
  windowInZone,
} from './reminders';
export { shortenMarketLine } from './short-harvest';
export { announceStandPickup, applyStandPickup, checkStandPickup, closedText } from './stand-pickup';
export { type CheckedWalkUp, checkWalkUp, placeWalkUp, type WalkUpLine, walkUpName } from './walk-up';
