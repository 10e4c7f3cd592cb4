import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  useGrantSubscription: () => ({ mutate: vi.fn(), isPending: false }),
  useUserType: () => ({ mutate: vi.fn(), isPending: false }),
}));

import { GrantSubscriptionDialog } from './user-dialogs';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
const shown = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

// First renders are slow on a loaded machine; these check wording, not speed.
vi.setConfig({ testTimeout: 60_000 });

describe('the grant subscription dialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the current trial and that a shorter grant keeps its end', async () => {
    const trialEnd = inDays(30);
    vi.spyOn(api, 'get').mockResolvedValue({
      status: 'trialing',
      trial_ends_at: trialEnd.toISOString(),
      current_period_end: null,
      granted: false,
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GrantSubscriptionDialog
          user={{
            id: 4,
            email: 'farm@x.test',
            farm_name: 'Green Acres',
            user_type: 'producer',
            email_verified: true,
            status: 'active',
            created_at: '',
          }}
          onClose={() => {}}
        />
      </QueryClientProvider>,
    );
    expect((await screen.findByText(/Currently:/, {}, { timeout: 30_000 })).textContent).toBe(
      `Currently: Free trial until ${shown(trialEnd)}.`,
    );
    fireEvent.input(screen.getByLabelText(/Days/), { target: { value: '7' } });
    expect(screen.getByText(/After this grant/).textContent).toBe(`After this grant: access until ${shown(trialEnd)}.`);
    fireEvent.input(screen.getByLabelText(/Days/), { target: { value: '60' } });
    expect(screen.getByText(/After this grant/).textContent).toBe(`After this grant: access until ${shown(inDays(60))}.`);
  });
});
