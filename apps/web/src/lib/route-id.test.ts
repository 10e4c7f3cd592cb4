import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('reads a plain positive id', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('2147483647')).toBe(2147483647);
  });

  it('rejects what cannot name a record', () => {
    for (const text of [undefined, '', '0', '-1', '1.5', '0x10', '1e3', ' 1', '01', '2147483648', '99999999999999', 'abc']) {
      expect(parseRouteId(text)).toBeNull();
    }
  });
});
