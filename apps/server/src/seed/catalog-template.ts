import type { TaxClass } from '@farmstand/shared/tax/classes';

/**
 * What a demo product is made from. Prices are a range the generator picks from; `season` is the
 * months (1–12) a seasonal product is offered; `preOrder` marks goods usually reserved ahead.
 */
export type ProductTemplate = {
  name: string;
  description: string;
  price: [number, number];
  unit: string;
  ingredients?: string;
  allergens?: string[];
  season?: [number, number];
  preOrder?: boolean;
  /** Counted goods carry a stock quantity; bulk ones (sold by the pound) often do not. */
  countable?: boolean;
  /** Its sales-tax class when not its category's (decision 574): syrups and lard among the crafts are food. */
  taxClass?: TaxClass;
};
