import { STORAGE_KEYS } from '@farmstand/shared';
import { storage } from '@/lib/storage';

/** The browser's install offer (Chromium's BeforeInstallPromptEvent, not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isRunningStandalone(): boolean {
  const standaloneMedia = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standaloneMedia || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Offer installation once: never when installed already, never again after any answer (spec 01 §4). */
export function shouldOfferInstall(): boolean {
  return storage.get(STORAGE_KEYS.installSeen) === null && !isRunningStandalone();
}

export function markInstallOfferSeen(): void {
  storage.set(STORAGE_KEYS.installSeen, 'true');
}
