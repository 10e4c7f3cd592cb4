// The benefits module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export {
  acceptedTenders,
  benefitProduct,
  incentiveAt,
  type PlaceIncentive,
  shareProduct,
  type Take,
  takesOn,
} from './benefits.policy';
export { sumTenders, tenderCents, tenderColumns } from './benefits.presenter';
export {
  type BenefitsRow,
  findBenefits,
  findFarm,
  findTenders,
  incentiveRecordedThatDay,
  latestShareBox,
  lockBenefits,
  productKinds,
  saveTenders,
  type TendersRow,
} from './benefits.repository';
export { assertTakesPlanned, marketOf, plannedTakenOn, publicBenefits } from './benefits.service';
export { incentiveOfState, loadBenefitTable } from './programmes.service';
