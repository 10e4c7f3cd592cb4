import { isProfileComplete } from './producers.presenter';
import type { ProducerWithOwner } from './producers.repository';

/**
 * A profile is public while its owner's account is active and the profile is complete. A lapsed
 * subscription keeps the page (links keep working) but hides its products (docs/decisions/034).
 */
export function isProfilePublic(p: ProducerWithOwner): boolean {
  return p.accountActive && isProfileComplete(p);
}

export { PUBLIC_CERTIFICATION_STATUSES } from './certification-validity';

/** Regulated categories are tied to one state (spec 01 §3): moving the farm elsewhere must not leave them listed. */
export const STATE_BOUND_CATEGORIES: Record<string, string> = { herdshare: 'KY', pet_food: 'TN' };
