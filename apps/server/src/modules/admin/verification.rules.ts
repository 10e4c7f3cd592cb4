import { CERTIFICATION_LABELS, VERIFICATION_REQUIRED_TYPES } from '@farmstand/shared';
import type { Readiness } from '@farmstand/shared/schemas/admin';

/**
 * The spec's readiness types (cottage_food_license, business_license, identity_verification) are not
 * certification types a producer can add; decision 091 maps each one to evidence the platform holds.
 */
export const FOOD_LICENCE_TYPES = [
  'cottage_food_registered',
  'egg_handler_license',
  'honey_producer_registered',
  'raw_milk_permit',
  'usda_inspected_meat',
  'state_inspected_meat',
] as const;

export const REQUIREMENT_EVIDENCE: Record<(typeof VERIFICATION_REQUIRED_TYPES)[number], { label: string; satisfied_by: string }> =
  {
    cottage_food_license: {
      label: 'Cottage food license',
      satisfied_by: `A verified, unexpired certification of type ${FOOD_LICENCE_TYPES.map((t) => CERTIFICATION_LABELS[t]).join(', ')}`,
    },
    business_license: { label: 'Business license', satisfied_by: 'A business phone number on the farm profile' },
    identity_verification: { label: 'Identity verification', satisfied_by: 'A verified e-mail address' },
  };

export type Requirements = Record<(typeof VERIFICATION_REQUIRED_TYPES)[number], boolean>;

/** ready: all three present; partial: some; pending: none (spec 02 §4). */
export function readinessOf(requirements: Requirements): Readiness {
  const met = VERIFICATION_REQUIRED_TYPES.filter((type) => requirements[type]).length;
  if (met === VERIFICATION_REQUIRED_TYPES.length) return 'ready';
  return met > 0 ? 'partial' : 'pending';
}
