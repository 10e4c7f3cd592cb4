// The pickup module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export {
  countOpenOrdersInWindow,
  dayLimitRefusal,
  findFarm,
  listActivePoints,
  lockPoint,
  type PointRow,
  type PointWithSchedule,
  pickupPointReader,
  productsPlaceLimits,
  type Settings,
} from './pickup.repository';
export { marketWindow, publicPickup, resolveWindow, saleWindow } from './pickup.service';
export { closureOn, dayScope } from './place-rules';
export { cutoffOf, type Occurrence, occurrences } from './windows';
