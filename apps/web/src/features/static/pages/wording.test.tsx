import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { producerFeatures } from '@/shared/pricing-content';
import { DEFAULT_SITE_INFO } from '@/shared/site/api';

vi.mock('@/shared/site/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/site/api')>()),
  useSite: () => ({ ...DEFAULT_SITE_INFO, site_name: 'Farmstand' }),
}));
vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {}, useDocumentTitle: () => {} }));

import TermsPage from './terms-page';

vi.setConfig({ testTimeout: 60_000 });

describe('terms and pricing wording', () => {
  afterEach(cleanup);

  it('keeps the space between the site name and the next word on /terms', () => {
    const { container } = render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('shoppers use Farmstand free of charge');
  });

  it('counts the main photo in the photos per product on /pricing', () => {
    const site = { ...DEFAULT_SITE_INFO, limits: { ...DEFAULT_SITE_INFO.limits, max_images_per_product: 5 } };
    expect(producerFeatures(site)).toContain('Up to 6 photos per product (1 main + 5 more)');
  });
});
