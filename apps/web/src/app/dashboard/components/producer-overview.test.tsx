import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const own = vi.hoisted(() => ({ profile: null as null | { farm_name: string } }));
vi.mock('@/features/producers/api', () => ({ useOwnProfile: () => ({ data: own.profile }) }));
vi.mock('@/features/producers/components/application-status', () => ({ OwnApplicationStatus: () => null }));
vi.mock('@/features/messages/components/inquiry-lists', () => ({ ReceivedInquiries: () => null }));
vi.mock('./subscription-status-card', () => ({ SubscriptionStatusCard: () => null }));
vi.mock('./support-card', () => ({ SupportCard: () => null }));
vi.mock('@/features/messages/unread-count', () => ({ useUnreadCount: () => 0, formatBadge: String }));
vi.mock('@/shared/site/api', () => ({ useSite: () => ({ limits: { max_products_per_producer: 10 } }) }));

import { ProducerOverview } from './producer-overview';

vi.setConfig({ testTimeout: 60_000 });

const show = () =>
  render(
    <MemoryRouter>
      <ProducerOverview />
    </MemoryRouter>,
  );

describe('the producer overview', () => {
  afterEach(cleanup);

  it('asks a new farm for its profile first, before every other shortcut', () => {
    own.profile = null;
    show();
    const first = screen.getByRole('heading', { level: 2, name: 'Create your farm profile' });
    const shortcuts = screen.getByRole('navigation', { name: 'Producer shortcuts' });
    expect(first.compareDocumentPosition(shortcuts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your farm profile' }).getAttribute('href')).toBe('/profile');
  });

  it('leads to received orders and to the farm’s own purchases, named apart', () => {
    own.profile = { farm_name: 'Cumberland Farm' };
    show();
    expect(screen.queryByRole('heading', { name: 'Create your farm profile' })).toBeNull();
    expect(screen.getByRole('link', { name: /^Orders received/ }).getAttribute('href')).toBe('/dashboard?tab=orders');
    expect(screen.getByRole('link', { name: /^My purchases/ }).getAttribute('href')).toBe('/orders');
  });
});
