import type { ProductCategory } from '@farmstand/shared';
import { DAIRY, EGGS, HERDSHARE, HONEY, PRODUCE } from './catalog-farmyard';
import { BAKED_GOODS, BREAD, JELLIES, PRESERVED_FOODS } from './catalog-kitchen';
import { MEAT, OTHER, PET_FOOD, POULTRY } from './catalog-meat';
import type { ProductTemplate } from './catalog-template';

export type { ProductTemplate };

/** What the demo farms sell, by category, in the order the generator reads them. */
export const PRODUCT_TEMPLATES: Record<ProductCategory, ProductTemplate[]> = {
  eggs: EGGS,
  bread: BREAD,
  jellies: JELLIES,
  produce: PRODUCE,
  honey: HONEY,
  dairy: DAIRY,
  herdshare: HERDSHARE,
  pet_food: PET_FOOD,
  meat: MEAT,
  poultry: POULTRY,
  baked_goods: BAKED_GOODS,
  preserved_foods: PRESERVED_FOODS,
  other: OTHER,
};

/** Which categories a kind of farm sells; a category listed twice is drawn twice as often. */
export const FARM_KIND_CATEGORIES: Record<string, ProductCategory[]> = {
  market_garden: ['produce', 'produce', 'produce', 'eggs', 'preserved_foods', 'jellies', 'other'],
  dairy: ['dairy', 'dairy', 'dairy', 'eggs', 'meat', 'other'],
  livestock: ['meat', 'meat', 'meat', 'poultry', 'eggs', 'other'],
  poultry: ['poultry', 'poultry', 'eggs', 'eggs', 'meat'],
  bakery: ['bread', 'bread', 'bread', 'baked_goods', 'baked_goods', 'jellies'],
  apiary: ['honey', 'honey', 'honey', 'other', 'jellies', 'baked_goods'],
  orchard: ['produce', 'produce', 'jellies', 'preserved_foods', 'baked_goods'],
  homestead: ['eggs', 'produce', 'preserved_foods', 'baked_goods', 'bread', 'poultry', 'jellies', 'other'],
};
