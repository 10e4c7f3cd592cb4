/**
 * Meat shares' words and steps without zod (decision 512): the product page's first load imports
 * them, so they live apart from the contract (`schemas/shares.ts`, which re-exports them).
 */
import { formatDateOnly } from './date-only';

export const SHARE_ANIMALS = ['beef', 'pork', 'lamb', 'goat', 'bison'] as const;
export type ShareAnimal = (typeof SHARE_ANIMALS)[number];

/** The animal as the share's name says it: "a quarter of a steer". */
export const ANIMAL_LABELS: Record<ShareAnimal, string> = {
  beef: 'steer',
  pork: 'hog',
  lamb: 'lamb',
  goat: 'goat',
  bison: 'bison',
};

/** The fractions the form offers by name; any other 1/n up to MAX_SHARE_PARTS is a custom fraction. */
export const NAMED_FRACTIONS: Record<number, string> = { 1: 'Whole', 2: 'Half', 4: 'Quarter' };
export const MAX_SHARE_PARTS = 16;

/** "Quarter", "Half", "Whole", "1/8". */
export function fractionLabel(parts: number): string {
  return NAMED_FRACTIONS[parts] ?? `1/${parts}`;
}

/** "Quarter of a steer", "1/8 of a hog". */
export function shareLabel(share: { parts: number; animal: ShareAnimal }): string {
  return `${fractionLabel(share.parts)} of a ${ANIMAL_LABELS[share.animal]}`;
}

/** The unit a share's price is quoted in. */
export const SHARE_PRICE_UNIT = 'lb hanging weight';

export const SHARE_STATUSES = ['reserved', 'processed', 'ready', 'picked_up', 'cancelled'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** The steps a share goes through, as shoppers and producers see them. */
export const SHARE_STEPS = ['reserved', 'deposit', 'cut_sheet', 'processed', 'ready', 'picked_up'] as const;
export type ShareStep = (typeof SHARE_STEPS)[number];

/** The fields of a share reservation its steps read. */
type StepInput = {
  status: ShareStatus;
  deposit_requested: number | null;
  deposit_received: number | null;
  cut_sheet_at: string | null;
  cut_sheet_due: string;
  cut_sheet_open: boolean;
};

/** Each step with its words and whether it is done (the deposit step only when the farm asks one). */
export function shareSteps(r: StepInput): { step: ShareStep; label: string; done: boolean }[] {
  const after = (s: ShareStatus) => SHARE_STATUSES.indexOf(r.status) >= SHARE_STATUSES.indexOf(s) && r.status !== 'cancelled';
  const steps: { step: ShareStep; label: string; done: boolean }[] = [{ step: 'reserved', label: 'Reserved', done: true }];
  if (r.deposit_requested !== null || r.deposit_received !== null)
    steps.push({
      step: 'deposit',
      label: r.deposit_received !== null ? 'Deposit received' : 'Deposit due',
      done: r.deposit_received !== null,
    });
  steps.push({
    step: 'cut_sheet',
    label:
      r.cut_sheet_at !== null
        ? 'Cut sheet in'
        : r.cut_sheet_open
          ? `Cut sheet due by ${formatDateOnly(r.cut_sheet_due, { weekday: 'short', month: 'short', day: 'numeric' })}`
          : 'Cut sheet missed: the farm chooses the cuts',
    done: r.cut_sheet_at !== null,
  });
  steps.push({ step: 'processed', label: 'Processed', done: after('processed') });
  steps.push({ step: 'ready', label: 'Ready for pickup', done: after('ready') });
  steps.push({ step: 'picked_up', label: 'Picked up', done: r.status === 'picked_up' });
  return steps;
}

/** The one line that says where a share stands: its first step not yet done, or its end. */
export function shareStateLabel(r: StepInput): string {
  if (r.status === 'cancelled') return 'Cancelled';
  if (r.status === 'picked_up') return 'Picked up';
  if (r.status === 'ready') return 'Ready for pickup';
  if (r.status === 'processed') return 'Processed';
  const next = shareSteps(r).find((s) => !s.done && (s.step === 'deposit' || (s.step === 'cut_sheet' && r.cut_sheet_open)));
  return next ? next.label : r.cut_sheet_at !== null ? 'Cut sheet in' : 'Reserved';
}
