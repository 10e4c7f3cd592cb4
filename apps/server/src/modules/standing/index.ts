// The standing module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { farmsWithPendingCsaMail, takePendingCsaMail } from './csa-mail';
export { tellFarmOfMember } from './csa-member-notice';
export { pickupsAhead, slotOf, statesOf, timingOf } from './standing.policy';
export { standingLineText } from './standing.presenter';
export { findBox, insertStanding, lineNames, userEmail, windowRecords } from './standing.repository';
export { getStanding } from './standing.service';
export { runStandingOrders } from './standing.sweep';
