import { INSTALL_PROMPT_DELAY_MS, STORAGE_KEYS } from '@farmstand/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from './install-prompt';

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('InstallPrompt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('appears 10 seconds after the browser offers installation', () => {
    render(<InstallPrompt />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeTruthy();
  });

  it('remembers a "Maybe Later" and never asks again', () => {
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.installSeen)).not.toBeNull();
    unmount();

    render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('shows the browser dialog on Install and sets the flag', async () => {
    render(<InstallPrompt />);
    const event = offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.installSeen)).not.toBeNull();
  });
});
