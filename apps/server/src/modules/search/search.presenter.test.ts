import { ProducerSearchListResponse, ProductListing } from '@farmstand/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { displayJsonOf, farmFieldsJson, listingJson, takesJson } from './listing-index/listing-display';
import { producerListJson } from './search.presenter';

/**
 * The producer list is written as JSON by hand (no generic serialiser): it must be valid JSON that
 * the route's schema accepts, with every field and tricky text (quotes, backslashes, line breaks,
 * non-ASCII) escaped, nulls and numbers as they are.
 */
describe('producerListJson', () => {
  it('writes the schema’s answer exactly, escaping any text, with what each farm takes at pickup today and its markets', () => {
    const answer = {
      producers: [
        {
          user_id: 7,
          farm_name: 'Jo\'s "Best" Farm \\ Ørchard',
          city: 'Paris',
          state: 'KY',
          latitude: 38.2098,
          longitude: -84.2527,
          description: 'Line one\nLine two\t</script>',
          profile_image_url: null,
          delivery_available: true,
          subscription_status: 'trialing' as const,
          verified: false,
          product_count: 3,
          benefit_takes: ['snap', 'incentive'] as ('snap' | 'incentive')[],
          distance: 12.34,
          markets: [{ slug: 'lexington-farmers-market', name: 'Lexington "Farmers" Market' }],
        },
        {
          user_id: 8,
          farm_name: 'Plain',
          city: 'Berea',
          state: 'KY',
          latitude: null,
          longitude: null,
          description: null,
          profile_image_url: '/uploads/a.webp',
          delivery_available: false,
          subscription_status: 'active' as const,
          verified: true,
          product_count: 0,
          benefit_takes: [],
          distance: null,
          markets: [],
        },
      ],
      total: 41,
    };
    const written = producerListJson(answer);
    expect(JSON.parse(written)).toEqual(answer);
    expect(ProducerSearchListResponse.parse(JSON.parse(written))).toEqual(answer);
    expect(written).toBe(JSON.stringify(answer));
  });

  it('writes an empty page', () => {
    expect(JSON.parse(producerListJson({ producers: [], total: 0 }))).toEqual({ producers: [], total: 0 });
  });
});

/**
 * A product search row is written by hand too (listing-display.ts): byte for byte the schema's
 * object in its key order, with the farm's benefits today translated back from the index's bits.
 */
describe('listingJson', () => {
  it('writes a product row exactly as the schema, with what its farm takes today and where it was grown', () => {
    const row: ProductListing = {
      id: 12,
      producer_id: 3,
      producer_user_id: 7,
      name: 'Sweet "Corn"',
      category: 'produce',
      description: 'Line one\nLine two',
      price: 4.5,
      price_unit: 'dozen',
      price_from: false,
      weight_unit: null,
      pack_min: null,
      pack_max: null,
      availability: 'available',
      stock_quantity: 20,
      primary_image_url: null,
      seasonal_start: null,
      seasonal_end: null,
      inspection: null,
      origin_state: 'IN',
      farm_name: 'Double Creek Farm',
      city: 'Paris',
      state: 'KY',
      delivery_available: true,
      delivery_radius: 12,
      producer_email: null,
      verified: true,
      benefit_takes: ['snap', 'wic_fmnp', 'incentive'],
      distance: 1.23,
    };
    const display = displayJsonOf({
      description: row.description,
      price: row.price,
      priceUnit: row.price_unit,
      stockQuantity: row.stock_quantity,
      primaryImageUrl: row.primary_image_url,
      seasonalStart: row.seasonal_start,
      seasonalEnd: row.seasonal_end,
      priceFrom: row.price_from,
      weightUnit: row.weight_unit,
      packMin: row.pack_min,
      packMax: row.pack_max,
      inspection: row.inspection,
      originState: row.origin_state,
    });
    const farm = farmFieldsJson({
      farmName: row.farm_name,
      city: row.city,
      state: row.state,
      deliveryAvailable: row.delivery_available,
      deliveryRadius: row.delivery_radius,
      verified: row.verified,
    });
    const fields = {
      id: row.id,
      producerId: row.producer_id,
      userId: row.producer_user_id,
      name: JSON.stringify(row.name),
      category: JSON.stringify(row.category),
      availability: JSON.stringify(row.availability),
      display,
    };
    // SNAP, WIC and the incentive: bits 1 | 2 | 8.
    const written = listingJson(fields, farm, takesJson(11), 1.2345);
    expect(written).toBe(JSON.stringify(row));
    expect(ProductListing.parse(JSON.parse(written))).toEqual(row);
    expect(JSON.parse(listingJson(fields, farm, takesJson(0), null)).benefit_takes).toEqual([]);
    expect(JSON.parse(listingJson(fields, farm, takesJson(15), null)).benefit_takes).toEqual([
      'snap',
      'wic_fmnp',
      'senior_fmnp',
      'incentive',
    ]);
  });
});
