import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/site/api', () => ({
  useSite: () => ({ site_name: 'Farmstand', plans: { trial_days: 30, monthly_price: 10, annual_price: 100 } }),
}));
vi.mock('../password-rules', () => ({ usePasswordMinLength: () => 8 }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ register: vi.fn() }) }));

import RegisterPage from './register-page';

vi.setConfig({ testTimeout: 60_000 });

const chosen = () => (screen.getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)?.value;

describe('the sign-up page', () => {
  afterEach(cleanup);

  it('opens with "I want to sell" chosen from the producer links (?type=producer)', () => {
    render(
      <MemoryRouter initialEntries={['/register?type=producer']}>
        <RegisterPage />
      </MemoryRouter>,
    );
    expect(chosen()).toBe('producer');
  });

  it('opens with "I want to buy" chosen otherwise', () => {
    render(
      <MemoryRouter initialEntries={['/register?type=admin']}>
        <RegisterPage />
      </MemoryRouter>,
    );
    expect(chosen()).toBe('consumer');
  });
});
