/**
 * Whole copies of the mails this process delivered, for tests only: the end-to-end outbox hook
 * (E2E_TEST_HOOKS=1) and the server tests read the one-time links a person would find in their inbox
 * here, because the stored outbox row loses them once the mail is delivered.
 *
 * Module state, off by default: a real server never keeps live links after their delivery; a test
 * switches it on once for its process (the e2e server is one process, and each server test file
 * runs in its own).
 */
export type MailCopy = { to: string; subject: string; body: string; createdAt: Date };

/** The newest copies are enough for a test to find its mail; older ones are dropped. */
const MAX_COPIES = 2_000;
let copies: MailCopy[] | null = null;

export function keepMailCopies(): void {
  copies ??= [];
}

export function recordMailCopy(copy: Omit<MailCopy, 'createdAt'>): void {
  if (!copies) return;
  copies.push({ ...copy, to: copy.to.toLowerCase(), createdAt: new Date() });
  if (copies.length > MAX_COPIES) copies.splice(0, copies.length - MAX_COPIES);
}

/** The copies delivered to an address, newest first. */
export function mailCopiesTo(to: string): MailCopy[] {
  const address = to.toLowerCase();
  return (copies ?? []).filter((copy) => copy.to === address).reverse();
}
