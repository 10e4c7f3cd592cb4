import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/site/api', () => ({
  useSite: () => ({ site_name: 'Farmstand', plans: { trial_days: 30, monthly_price: 10, annual_price: 100 } }),
}));
vi.mock('../password-rules', () => ({ usePasswordMinLength: () => 8 }));
const calls = vi.hoisted(() => ({ register: vi.fn(), toast: vi.fn() }));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ register: calls.register }) }));
vi.mock('react-hot-toast', () => ({
  default: Object.assign(calls.toast, { success: calls.toast, error: calls.toast }),
}));

import RegisterPage from './register-page';

vi.setConfig({ testTimeout: 60_000 });

/** Stands in for the sign-in page: shows where the form went. */
function Login() {
  return <p>at {useLocation().search}</p>;
}

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

  it('says the account was created once, on the sign-in page it opens, with no toast beside that banner', async () => {
    calls.register.mockResolvedValue({});
    render(
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.input(screen.getByLabelText('Password', { exact: true }), { target: { value: 'long-enough-1' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('at ?message=registration-success')).toBeTruthy();
    expect(calls.register).toHaveBeenCalled();
    expect(calls.toast).not.toHaveBeenCalled();
  });
});
