// The benefits module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { incentiveAt, type PlaceIncentive, type Take, takesOn } from './benefits.policy';
export type { BenefitsRow } from './benefits.repository';
export { assertTakesPlanned, marketOf, plannedTakenOn, publicBenefits, recordTenders } from './benefits.service';
export { incentiveOfState, loadBenefitTable } from './programmes.service';
