import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { describe, expect, it } from 'vitest';
import { cardBenefits } from './card-benefit-badges';

const farm = { state: 'KY', takes: ['snap', 'wic_fmnp', 'senior_fmnp'] as const };

describe('a product card’s benefit pills', () => {
  it('show nothing for a product the farm says is not food (cut flowers listed as produce)', () => {
    expect(cardBenefits({ category: 'produce' }, farm, DEFAULT_BENEFIT_TABLE).map((b) => b.label)).toEqual([
      'SNAP',
      'WIC',
      'Senior',
    ]);
    expect(cardBenefits({ category: 'produce', tax_class: 'non_food' }, farm, DEFAULT_BENEFIT_TABLE)).toEqual([]);
  });
});
