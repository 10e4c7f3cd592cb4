import { storage } from '@/lib/storage';

/**
 * The unattended self-checkout's settings on this device (issue 47 item 7, decision 577): the
 * farm's message to shoppers, its own card payment link (the farm's card reader app or payment
 * page: Farmstand processes no payment) and the staff PIN, kept as a SHA-256 digest salted with
 * the farm's account, never as typed.
 */
export type SelfCheckout = { pinDigest: string; message: string; cardLink: string | null };

const KEY = 'farmstand.standSelf';

export function readSelfCheckout(userId: number): SelfCheckout | null {
  try {
    const all = JSON.parse(storage.get(KEY) ?? '{}') as Record<string, SelfCheckout>;
    return all[String(userId)] ?? null;
  } catch {
    return null;
  }
}

export function saveSelfCheckout(userId: number, settings: SelfCheckout): void {
  let all: Record<string, SelfCheckout> = {};
  try {
    all = JSON.parse(storage.get(KEY) ?? '{}') as Record<string, SelfCheckout>;
  } catch {
    all = {};
  }
  all[String(userId)] = settings;
  storage.set(KEY, JSON.stringify(all));
}

export async function pinDigest(userId: number, pin: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`farmstand-stand:${userId}:${pin}`));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A PIN of 4 to 8 digits. */
export const pinProblem = (pin: string) => (/^\d{4,8}$/.test(pin) ? null : 'The PIN is 4 to 8 digits');

/** Only a web address the shopper's phone or this tablet can open. */
export function cardLinkProblem(link: string): string | null {
  if (link.trim() === '') return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' ? null : 'The card link must start with https://';
  } catch {
    return 'Enter the full web address of your card payment page, starting with https://';
  }
}
