// The producers module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { certificationStatusSql } from './certification-validity';
export {
  aliasedProducerAccountActive,
  aliasedProducerListed,
  aliasedProductListed,
  effectiveStatusSql,
  producerOwnerJoinSql,
} from './listing-visibility.sql';
export { isProfilePublic, PUBLIC_CERTIFICATION_STATUSES } from './producers.policy';
export { presentPublicProfile } from './producers.presenter';
export {
  findProducerByUserId,
  listCertifications,
  lockProducerByUserId,
  producerRating,
  updateProducer,
} from './producers.repository';
export { PROFILE_NOT_FOUND } from './producers.service';
export { isProductListed, isProductPublic, producerAccountActive, producerListed, productListed } from './producers.visibility';
