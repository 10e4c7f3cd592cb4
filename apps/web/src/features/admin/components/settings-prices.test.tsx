import { DEFAULT_SETTINGS } from '@farmstand/shared/constants/default-settings';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({
  useAdminSettings: () => ({ isPending: false, isError: false, data: { settings: DEFAULT_SETTINGS } }),
  useSaveSettings: () => ({ mutate: saved, isPending: false }),
  useBackup: () => ({ mutate: vi.fn(), isPending: false }),
  useClearCache: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('@/components/ui/admin-ui', async (original) => ({
  ...(await original<typeof import('@/components/ui/admin-ui')>()),
  useLoadErrorToast: () => {},
}));

import { SettingsTab } from './settings-tab';

vi.setConfig({ testTimeout: 60_000 });

describe('the payment settings form', () => {
  afterEach(() => {
    cleanup();
    saved.mockReset();
  });

  it('refuses an annual price below the monthly price, saying so under the annual price, and saves nothing', () => {
    render(<SettingsTab />);
    fireEvent.input(screen.getByLabelText('Annual price ($)'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: /Save payment/i }));
    const annual = screen.getByLabelText('Annual price ($)');
    expect(annual.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Annual price must be at least the monthly price: a year cannot cost less than one month'),
    ).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    fireEvent.input(annual, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: /Save payment/i }));
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ key: 'payment' }));
  });
});
