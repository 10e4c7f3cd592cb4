import { BACK_ONLINE_BANNER_MS, TEXTS } from '@farmstand/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatus } from './connection-status';

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('ConnectionStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says nothing while online', () => {
    render(<ConnectionStatus />);
    expect(screen.queryByText(TEXTS.offline)).toBeNull();
    expect(screen.queryByText(TEXTS.backOnline)).toBeNull();
  });

  it('shows a dismissible offline banner and the limited functionality card', () => {
    render(<ConnectionStatus />);
    goOffline();
    expect(screen.getByText(TEXTS.offline)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Limited Functionality' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss offline notice' }));
    expect(screen.queryByText(TEXTS.offline)).toBeNull();
  });

  it('shows the back-online banner for 3 seconds', () => {
    render(<ConnectionStatus />);
    goOffline();
    goOnline();
    expect(screen.getByText(TEXTS.backOnline)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Limited Functionality' })).toBeNull();
    act(() => vi.advanceTimersByTime(BACK_ONLINE_BANNER_MS));
    expect(screen.queryByText(TEXTS.backOnline)).toBeNull();
  });
});
