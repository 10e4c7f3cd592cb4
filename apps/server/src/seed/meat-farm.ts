import { CERTIFICATION_LABELS } from '@farmstand/shared';
import { isoDate, plusDays } from '@farmstand/shared/format/date-only';
import { meatListingViolation } from '@farmstand/shared/labels/meat-rules';
import { type ProductInput, ProductRequest } from '@farmstand/shared/schemas/products';
import { defaultCutSheet, SHARE_PRICE_UNIT } from '@farmstand/shared/schemas/shares';
import { localDate } from '../lib/time';
import { summarizeVariants } from '../modules/products';
import { type DemoFarm, type DemoProduct, issuingAuthority } from './farms';
import { farmSite } from './towns';

/** The demo's meat farm: fixed, so the README, the issue's walkthrough and the tests can name it. */
export const MEAT_FARM_EMAIL = 'meat@farmstand.test';
export const MEAT_FARM_NAME = 'Paint Lick Grass-Fed Beef';
/** Paint Lick, KY: 15 miles north-west of the demo producer's farm in Berea. */
const MEAT_FARM_ZIP = '40461';

/**
 * Its products as a producer would send them (POST /api/products), so they pass the same schema:
 * beef cuts as variants sold by the pound, and whole chickens by the pound. Both from a
 * USDA-inspected plant (decision 511): Kentucky has no state inspection programme, and whether it
 * lets a farm sell exempt poultry is for the state to confirm, not the demo to assume.
 */
const BEEF: ProductRequest = {
  name: 'Grass-fed beef',
  category: 'meat',
  description:
    'Angus-cross steers raised on pasture their whole lives, processed at a USDA-inspected plant and frozen in vacuum packs. Each pack is weighed at pickup; you pay for what it weighs.',
  availability: 'available',
  ingredients: 'Grass-fed beef',
  inspection: 'usda',
  establishment_number: 'EST. 45678',
  variants: [
    { name: 'Ribeye', price: 18.99, weight_unit: 'lb', pack_min: 1, pack_max: 1.4, stock_quantity: 24 },
    { name: 'NY strip', price: 16.99, weight_unit: 'lb', pack_min: 0.8, pack_max: 1.2, stock_quantity: 20 },
    { name: 'Ground beef', price: 8.49, weight_unit: 'lb', pack_min: 1, pack_max: 1, stock_quantity: 60 },
    { name: 'Chuck roast', price: 9.49, weight_unit: 'lb', pack_min: 2.5, pack_max: 3.5, stock_quantity: 12 },
  ],
};

const CHICKEN: ProductRequest = {
  name: 'Pasture-raised whole chicken',
  category: 'poultry',
  description: 'Moved to fresh grass daily in mobile pens; frozen whole. Priced by the pound, weighed at pickup.',
  availability: 'available',
  ingredients: 'Whole chicken',
  price: 5.49,
  weight_unit: 'lb',
  pack_min: 3.5,
  pack_max: 5,
  stock_quantity: 30,
  inspection: 'usda',
  establishment_number: 'P-45678',
};

/**
 * A quarter of a grass-fed steer, custom exempt (decision 512): bought as a share of the live animal,
 * cut to the shopper's sheet at a custom plant, "Not for Sale" on its packages. Processing is booked
 * 24 days after the demo's start; the cut sheet is due 10 days before.
 */
function quarterBeef(now: Date): ProductRequest {
  const day = (days: number) => localDate(plusDays(now, days), 'America/New_York');
  return {
    name: 'Quarter beef share',
    category: 'meat',
    description:
      'A quarter of one of our grass-fed steers, cut and wrapped to your cut sheet by Marksbury Farm Market. About 200–220 lb hanging weight, which fills about 4 cubic feet of freezer. You pay the hanging weight at our price per lb plus the processor’s cut-and-wrap fee, less your deposit, when you pick it up.',
    availability: 'available',
    price: 4.75,
    inspection: 'custom_exempt',
    share: {
      animal: 'beef',
      parts: 4,
      animals_available: 2,
      processor: 'Marksbury Farm Market, Lancaster',
      processing_date: day(24),
      cut_sheet_due: day(14),
      time_zone: 'America/New_York',
      hanging_weight: 210,
      processing_fee: 165,
      deposit: 250,
      deposit_link: null,
      cut_sheet: defaultCutSheet('beef'),
    },
  };
}

/** A product body as the product write stores it: the schema's output, the variant summary columns. */
function demoProduct(body: ProductRequest, createdAt: Date): DemoProduct {
  const input: ProductInput = ProductRequest.parse(body);
  const broken = meatListingViolation(input);
  if (broken) throw new Error(`demo seed: ${input.name}: ${broken.message}`);
  const summary = summarizeVariants(input);
  return {
    name: input.name,
    category: input.category,
    description: input.description ?? '',
    priceCents: summary.priceCents ?? 0,
    priceUnit: input.share ? SHARE_PRICE_UNIT : (summary.priceUnit ?? 'lb'),
    availability: input.availability as DemoProduct['availability'],
    stockQuantity: summary.stockQuantity,
    seasonalStart: null,
    seasonalEnd: null,
    ingredients: input.ingredients,
    allergens: input.allergens,
    sellerType: input.seller_type,
    pickupInstructions: null,
    inspection: input.inspection,
    establishmentNumber: input.establishment_number,
    weightUnit: summary.weightUnit,
    packMin: summary.packMin,
    packMax: summary.packMax,
    priceFrom: summary.priceFrom,
    variantNames: summary.variantNames,
    variants: input.variants,
    share: input.share,
    createdAt,
  };
}

/** The meat farm, built without the catalogue's random draws so the other farms stay as they were. */
export function buildMeatFarm(now: Date): DemoFarm {
  const site = farmSite(MEAT_FARM_ZIP, 'livestock');
  const createdAt = plusDays(now, -90);
  const issued = plusDays(now, -200);
  return {
    email: MEAT_FARM_EMAIL,
    farmName: MEAT_FARM_NAME,
    description: `${MEAT_FARM_NAME} is run by the Gabbard family outside ${site.city}, ${site.state}. We raise grass-fed beef and pastured chickens and sell cuts by the pound from our freezer, every pack weighed at pickup, and quarters and halves of a steer to fill your freezer.`,
    address: '2150 Paint Lick Road',
    city: site.city,
    state: site.state,
    zip: site.zip,
    phone: '(859) 555-0142',
    latitude: site.latitude,
    longitude: site.longitude,
    deliveryAvailable: false,
    deliveryRadius: null,
    pickupInstructions: 'Pick up at the farm store by the red barn; bring a cooler with an ice pack.',
    verificationStatus: 'approved',
    verificationNotes: null,
    subscription: { status: 'active', planType: 'monthly', currentPeriodEnd: plusDays(now, 20) },
    kind: 'livestock',
    certifications: [
      {
        certificationType: 'usda_inspected_meat',
        certificationName: CERTIFICATION_LABELS.usda_inspected_meat,
        issuingAuthority: issuingAuthority('usda_inspected_meat', site.state),
        certificateNumber: `KY-USD-${issued.getUTCFullYear()}-4567`,
        issueDate: isoDate(issued),
        expiryDate: isoDate(plusDays(issued, 730)),
        status: 'verified',
      },
    ],
    products: [demoProduct(BEEF, createdAt), demoProduct(CHICKEN, createdAt), demoProduct(quarterBeef(now), createdAt)],
    createdAt,
  };
}
