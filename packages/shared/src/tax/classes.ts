/**
 * A product's sales-tax class (issue 47). Kentucky taxes candy, soft drinks, prepared food and
 * anything that is not food, and exempts other food (KRS 139.485); the neighbours' rules are data
 * beside it (`tax/rates.ts`). `food` is exempt food and food ingredients; every other class is
 * taxable where the state taxes it. The class is what the farmer's answers to a few questions
 * make it (`tax/questions.ts`).
 */
export const TAX_CLASSES = ['food', 'candy', 'soft_drink', 'prepared_food', 'non_food'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
