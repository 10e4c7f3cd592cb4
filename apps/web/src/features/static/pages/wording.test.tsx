import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_INFO } from '@/shared/site/api';

vi.mock('@/shared/site/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/site/api')>()),
  useSite: () => ({ ...DEFAULT_SITE_INFO, site_name: 'Farmstand' }),
}));
vi.mock('@/lib/document-title', () => ({ usePublicPageTitle: () => {}, useDocumentTitle: () => {} }));

import TermsPage from './terms-page';

vi.setConfig({ testTimeout: 60_000 });

describe('terms wording', () => {
  afterEach(cleanup);

  it('keeps the space between the site name and the next word on /terms', () => {
    const { container } = render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('shoppers use Farmstand free of charge');
  });
});
