import { ProducerSearchListResponse } from '@farmstand/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { producerListJson } from './search.presenter';

/**
 * The producer list is written as JSON by hand (no generic serialiser): it must be valid JSON that
 * the route's schema accepts, with every field and tricky text (quotes, backslashes, line breaks,
 * non-ASCII) escaped, nulls and numbers as they are.
 */
describe('producerListJson', () => {
  it('writes the schema’s answer exactly, escaping any text', () => {
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
          distance: 12.34,
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
          distance: null,
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
