import { describe, expect, it } from 'vitest';
import { productLimitPhrase } from '@/lib/plan-terms';
import { DEFAULT_SITE_INFO } from '@/shared/site/api';
import { includedFeatures } from './billing-content';
import { producerFeatures, trialFeatures } from './pricing-content';

describe('the product limit on /pricing and /billing', () => {
  it('quotes a plan’s limit with the trial’s beside it, and the trial bullet keeps the trial’s', () => {
    const site = DEFAULT_SITE_INFO;
    const bullet = 'Up to 100 active product listings (10 during the free trial)';
    expect(producerFeatures(site)).toContain(bullet);
    expect(includedFeatures(site)).toContain(bullet);
    expect(trialFeatures(site)).toContain('List up to 10 products during the trial');
  });

  it('says one number when an admin gives a plan no more than the trial', () => {
    const site = { ...DEFAULT_SITE_INFO, limits: { ...DEFAULT_SITE_INFO.limits, max_products_subscribed: 10 } };
    expect(includedFeatures(site)).toContain('Up to 10 active product listings');
  });

  it('tells the dashboard and the terms the plan’s limit with the trial’s, not the trial’s alone', () => {
    expect(productLimitPhrase(DEFAULT_SITE_INFO.limits)).toBe('100 active products (10 during the free trial)');
    expect(productLimitPhrase(DEFAULT_SITE_INFO.limits, 'products')).toBe('100 products (10 during the free trial)');
  });

  it('counts the main photo in the photos per product on /pricing', () => {
    const site = { ...DEFAULT_SITE_INFO, limits: { ...DEFAULT_SITE_INFO.limits, max_images_per_product: 5 } };
    expect(producerFeatures(site)).toContain('Up to 6 photos per product (1 main + 5 more)');
  });
});
