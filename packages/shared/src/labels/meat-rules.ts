import type { Inspection } from '../schemas/products';

/** Categories whose listings name how the meat was inspected (decision 511). */
export const INSPECTED_CATEGORIES = ['meat', 'poultry'] as const;

export const INSPECTION_LABELS: Record<Inspection, string> = {
  usda: 'USDA inspected',
  state: 'State inspected',
  custom_exempt: 'Custom exempt (share of a live animal)',
  poultry_exempt: 'Poultry producer exemption',
};

/**
 * The options of a share of a live animal, every one named (decision 550): refused inspections and a
 * missing one get this message.
 */
export const SHARE_INSPECTION_MESSAGE =
  'Say how this share is processed: custom exempt (for the new owners, marked "Not for Sale"), USDA inspected or state inspected (with the establishment number on the label). The poultry producer exemption is not for shares';

/** Inspections whose meat carries an inspection legend with the plant's establishment number. */
const INSPECTED: readonly Inspection[] = ['usda', 'state'];

type Listing = {
  category: string;
  inspection: Inspection | null;
  establishment_number: string | null;
  /** A share of a live animal (decision 512); absent or null for every other listing. */
  share?: unknown;
};

/** True for the categories whose listings follow the meat and poultry rules (and get no home-food label). */
export function isInspectedCategory(category: string): boolean {
  return (INSPECTED_CATEGORIES as readonly string[]).includes(category);
}

/**
 * The listing rules of meat and poultry (decision 511), shared so the form shows the server's
 * message. Returns the first broken rule with the field it names, or null.
 *
 * - Retail cuts are sold from USDA- or state-inspected plants, named by the establishment number of
 *   the inspection legend (9 CFR 317.2, 381.96). A legend's number always has digits ("EST. 38",
 *   "P-38"); anything else was not copied from it.
 * - Custom-exempt meat is for the household of the animal's owner and marked "Not for Sale"
 *   (21 U.S.C. 623(a), 9 CFR 303.1(a)(2), 317.16): never a retail cut, only a share of a live
 *   animal bought before slaughter (decision 512), whose paperwork says "Not for Sale".
 * - The producer exemptions of 9 CFR 381.10 cover poultry the producer raised, and carry no
 *   establishment number (no inspection, so no legend).
 */
export function meatListingViolation(product: Listing): { path: string; message: string } | null {
  if (!isInspectedCategory(product.category)) {
    if (product.inspection !== null || product.establishment_number !== null)
      return {
        path: 'inspection',
        message: 'Inspection and establishment number apply to meat and poultry only: clear them, or change the category',
      };
    return null;
  }
  // A share names its own options, custom exempt first (decision 512); each kind lists every option it has.
  if (product.share != null && product.category === 'meat') {
    if (product.inspection === null || product.inspection === 'poultry_exempt')
      return { path: 'inspection', message: SHARE_INSPECTION_MESSAGE };
    if (product.inspection === 'custom_exempt') return null;
  }
  if (product.inspection === null)
    return {
      path: 'inspection',
      message:
        product.category === 'poultry'
          ? 'Say how this poultry was inspected: USDA inspected or state inspected (with the establishment number on the label), or the poultry producer exemption for birds you raised and processed'
          : 'Say how this meat was inspected: USDA inspected or state inspected (with the establishment number on the label). Custom exempt is for a share of a live animal: tick "Sold as a share of an animal"',
    };
  if (product.inspection === 'custom_exempt') {
    if (product.share != null) return null;
    return {
      path: 'inspection',
      message:
        'Custom-exempt meat cannot be sold as retail cuts: it is only for the owner of the animal and is marked "Not for Sale". Sell cuts processed at a USDA-inspected plant, or offer a share of a live animal',
    };
  }
  if (product.inspection === 'poultry_exempt' && product.category !== 'poultry')
    return {
      path: 'inspection',
      message:
        'The poultry producer exemption covers poultry only: beef, pork, lamb and goat need USDA or state inspection and the establishment number',
    };
  const number = product.establishment_number?.trim() ?? '';
  if (INSPECTED.includes(product.inspection)) {
    if (number === '')
      return {
        path: 'establishment_number',
        message: 'Give the establishment number from the inspection legend on the package (for example EST. 45678 or P-45678)',
      };
    if (!/\d/.test(number))
      return {
        path: 'establishment_number',
        message: 'An establishment number has digits: copy it from the inspection legend on the package (for example EST. 45678)',
      };
  }
  if (product.inspection === 'poultry_exempt' && number !== '')
    return {
      path: 'establishment_number',
      message:
        'Exempt poultry is not inspected, so it has no establishment number: leave it empty (your name and address go on the package instead)',
    };
  return null;
}

/**
 * Why the label maker is not offered for meat and poultry (decision 511): its labels are home-food
 * (cottage-food) labels, and those laws do not cover meat or poultry. The server's 400 and the
 * product form say the same words.
 */
export const MEAT_LABEL_REFUSAL =
  'Labels are not offered for meat or poultry: home-food label laws do not cover them. Use the label of the inspected plant that packed it, with the inspection legend and establishment number (exempt poultry: your name and address on the package).';
