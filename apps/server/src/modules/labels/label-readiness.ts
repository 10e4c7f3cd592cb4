import type { StateCode } from '@farmstand/shared';
import { type LabelField, type LabelProducer, type LabelProduct, missingLabelFields } from '@farmstand/shared/labels/rules';
import { labelBlocks } from './label-content';
import { fitOnEverySheet, type SheetFit, standardFontMetrics } from './label-fit';

/**
 * The date a fit is measured with when no batch date is chosen yet: the widest one a label can
 * carry ("May 28": May is the widest month abbreviation in Helvetica and its digits are all one width).
 */
const WIDEST_PROCESSING_DATE = '2026-05-28';

export type LabelReadiness = { ready: boolean; missing: LabelField[]; sheets: SheetFit[] };

/**
 * Label-ready means every field the state asks for is there and the label fits at least one sheet,
 * measured by the PDF's own fit (docs/decisions/382). The admin's flag and the print dialog read this.
 */
export function labelReadiness(product: LabelProduct, producer: LabelProducer): LabelReadiness {
  const missing = missingLabelFields(product, producer);
  const sheets = fitOnEverySheet(labelBlocks(product, producer, WIDEST_PROCESSING_DATE), standardFontMetrics());
  return { ready: missing.length === 0 && sheets.some((sheet) => sheet.fits), missing, sheets };
}

type ProductLabelColumns = {
  name: string;
  category: string;
  netQuantity: number | string | null;
  netUnit: string | null;
  ingredientList: string[];
  ingredients: string | null;
  allergens: string[];
  allergensConfirmedAbsent: string[];
};
type ProducerLabelColumns = {
  farmName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
};

/** A product's stored columns as the label rules read them. */
export function toLabelProduct(row: ProductLabelColumns): LabelProduct {
  return {
    name: row.name,
    category: row.category as LabelProduct['category'],
    net_quantity: row.netQuantity === null ? null : Number(row.netQuantity),
    net_unit: row.netUnit as LabelProduct['net_unit'],
    ingredient_list: row.ingredientList,
    ingredients: row.ingredients,
    allergens: row.allergens,
    allergens_confirmed_absent: row.allergensConfirmedAbsent,
  };
}

export function toLabelProducer(row: ProducerLabelColumns): LabelProducer {
  return {
    farm_name: row.farmName,
    address: row.address,
    city: row.city,
    state: row.state as StateCode,
    zip: row.zip,
    phone: row.phone,
  };
}
