import { DEFAULT_SETTINGS } from '@farmstand/shared';

/** Shared by the legal, about and contact pages so a change of address or date happens once. */
export const SUPPORT_EMAIL = DEFAULT_SETTINGS.general.contact_email;
export const LEGAL_UPDATED = 'June 1, 2025';
export const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';
