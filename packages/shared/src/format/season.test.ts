import { describe, expect, it } from 'vitest';
import { isInSeason, outOfSeasonNotice } from './season';

const saturdays = ['2030-06-08', '2030-06-15', '2030-06-22'];

describe('a season against the pickup days on offer', () => {
  it('includes both ends of the season and leaves an open end open', () => {
    const season = { seasonal_start: '2030-06-08', seasonal_end: '2030-06-15' };
    expect(['2030-06-07', '2030-06-08', '2030-06-15', '2030-06-16'].map((d) => isInSeason(d, season))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(isInSeason('2099-01-01', { seasonal_start: '2030-06-08', seasonal_end: null })).toBe(true);
  });

  it('says when the season starts, when it ended, or that it falls between two pickup days', () => {
    expect(outOfSeasonNotice({ seasonal_start: '2030-07-01', seasonal_end: null }, saturdays)).toBe(
      'In season from July 1 — reserve then',
    );
    expect(outOfSeasonNotice({ seasonal_start: '2031-06-01', seasonal_end: '2031-07-01' }, saturdays)).toBe(
      'In season from June 1, 2031 — reserve then',
    );
    expect(outOfSeasonNotice({ seasonal_start: null, seasonal_end: '2030-06-01' }, saturdays)).toBe('Season ended June 1');
    expect(outOfSeasonNotice({ seasonal_start: '2030-06-10', seasonal_end: '2030-06-12' }, saturdays)).toBe(
      'In season from June 10 until June 12; no pickup time falls inside it',
    );
  });

  it('has nothing to say when a pickup day is in season or none is on offer', () => {
    expect(outOfSeasonNotice({ seasonal_start: '2030-06-20', seasonal_end: null }, saturdays)).toBeNull();
    expect(outOfSeasonNotice({ seasonal_start: null, seasonal_end: null }, saturdays)).toBeNull();
    expect(outOfSeasonNotice({ seasonal_start: '2030-07-01', seasonal_end: null }, [])).toBeNull();
  });
});
