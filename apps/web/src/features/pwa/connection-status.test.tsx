import { BACK_ONLINE_BANNER_MS, TEXTS } from '@farmstand/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_COPY_EVENT } from '@/lib/api';
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
    sessionStorage.clear();
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

  it('says "offline" once on a page shown from its saved copy', () => {
    render(<ConnectionStatus />);
    goOffline();
    act(() => {
      window.dispatchEvent(new Event(SAVED_COPY_EVENT));
    });
    const banner = screen.getByText(/^Saved copy/).closest('p') as HTMLElement;
    expect(banner.textContent).toBe("Saved copy — you're offline. Some features may not be available.");
    expect(banner.textContent?.match(/offline/gi)).toHaveLength(1);
  });

  it('keeps the banner dismissed through a reload while still offline, and shows it again at the next drop', () => {
    render(<ConnectionStatus />);
    goOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss offline notice' }));
    // The reload: the page starts again, still offline.
    cleanup();
    render(<ConnectionStatus />);
    expect(screen.queryByText(TEXTS.offline)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Limited Functionality' })).toBeTruthy();
    goOnline();
    goOffline();
    expect(screen.getByText(TEXTS.offline)).toBeTruthy();
  });
});
