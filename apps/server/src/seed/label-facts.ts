import { type NetUnit, splitTopLevel } from '@farmstand/shared/labels/rules';

/**
 * The label maker's fields for a demo product, read from what the catalogue already
 * says: '8 oz jar' holds 8 oz, 'half gallon' 0.5 gal, 'dozen' 12 count. Units that name no
 * quantity (a loaf, a share) stay empty, so the demo shows both ready and unfinished labels.
 */
const UNIT_QUANTITIES: [RegExp, number | null, NetUnit][] = [
  [/^(\d+(?:\.\d+)?) oz\b/, null, 'oz'],
  [/^(\d+) count\b/, null, 'count'],
  [/^lb$/, 1, 'lb'],
  [/^half pound\b/, 0.5, 'lb'],
  [/^dozen$/, 12, 'count'],
  [/^half dozen$/, 6, 'count'],
  [/^quart$/, 1, 'qt'],
  [/^pint$/, 1, 'pt'],
  [/^half gallon$/, 0.5, 'gal'],
  [/^gallon$/, 1, 'gal'],
];

export function demoLabelFacts(unit: string, ingredients: string | undefined) {
  let netQuantity: number | null = null;
  let netUnit: NetUnit | null = null;
  for (const [pattern, fixed, netUnitOf] of UNIT_QUANTITIES) {
    const match = unit.match(pattern);
    if (!match) continue;
    netQuantity = fixed ?? Number(match[1]);
    netUnit = netUnitOf;
    break;
  }
  return { netQuantity, netUnit, ingredientList: splitTopLevel(ingredients ?? '') };
}
