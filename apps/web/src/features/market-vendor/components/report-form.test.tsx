import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayReport } from '../api';
import { ReportForm } from './report-form';

afterEach(cleanup);

const none = { reportedCents: 0, countedCents: null };
function report(overrides: Partial<DayReport> = {}): DayReport {
  return {
    marketDate: '2026-06-06',
    attended: true,
    salesCents: 0,
    redemptions: { snap: none, credit: none, incentive: none, wic_fmnp: none, senior_fmnp: none },
    fromRegister: { salesCents: 31250, redemptions: { snap: 2000, credit: 0, incentive: 1500, wic_fmnp: 0, senior_fmnp: 0 } },
    source: null,
    ...overrides,
  };
}

describe('a vendor’s market day report', () => {
  it('starts from the register’s figures when nothing was reported, and sends them in cents', () => {
    const onSave = vi.fn();
    render(<ReportForm report={report()} saving={false} error={undefined} onSave={onSave} />);
    expect(screen.getByTestId('report-register').textContent).toContain(
      'Sales $312.50 · SNAP tokens $20.00 · Double Dollars $15.00',
    );
    expect((screen.getByLabelText('Sales ($)') as HTMLInputElement).value).toBe('312.50');
    fireEvent.click(screen.getByRole('button', { name: 'Send the day’s report' }));
    expect(onSave).toHaveBeenCalledWith({
      attended: true,
      salesCents: 31250,
      redemptions: { snap: 2000, credit: 0, incentive: 1500, wic_fmnp: 0, senior_fmnp: 0 },
    });
  });

  it('starts from the report sent before, shows the market’s count, and takes the register’s figures on request', () => {
    const sent = report({
      source: 'vendor',
      salesCents: 30000,
      redemptions: { ...report().redemptions, snap: { reportedCents: 1800, countedCents: 1700 } },
    });
    render(<ReportForm report={sent} saving={false} error={undefined} onSave={vi.fn()} />);
    expect((screen.getByLabelText('SNAP tokens ($)') as HTMLInputElement).value).toBe('18.00');
    expect(screen.getByText('The market counted $17.00.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the register’s figures' }));
    expect((screen.getByLabelText('SNAP tokens ($)') as HTMLInputElement).value).toBe('20.00');
    expect((screen.getByLabelText('Sales ($)') as HTMLInputElement).value).toBe('312.50');
  });

  it('says which amount to fix when one is not an amount', async () => {
    const onSave = vi.fn();
    render(<ReportForm report={report()} saving={false} error={undefined} onSave={onSave} />);
    fireEvent.input(screen.getByLabelText('WIC FMNP coupons ($)'), { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the day’s report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter WIC FMNP coupons as an amount in dollars');
    expect(onSave).not.toHaveBeenCalled();
  });
});
