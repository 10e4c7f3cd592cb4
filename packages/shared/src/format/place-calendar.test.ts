import { describe, expect, it } from 'vitest';
import { closureText, inPlaceSeason, placeClosure, seasonLabel } from './place-calendar';

describe('a pickup place’s calendar', () => {
  it('is in season April to October, and a winter market’s season wraps over the new year', () => {
    const summer = { seasonFrom: '04-01', seasonTo: '10-31' };
    expect(inPlaceSeason(summer, '2030-03-31')).toBe(false);
    expect(inPlaceSeason(summer, '2030-04-01')).toBe(true);
    expect(inPlaceSeason(summer, '2030-10-31')).toBe(true);
    expect(inPlaceSeason(summer, '2030-11-01')).toBe(false);
    const winter = { seasonFrom: '11-01', seasonTo: '03-31' };
    expect(inPlaceSeason(winter, '2030-12-26')).toBe(true);
    expect(inPlaceSeason(winter, '2031-02-01')).toBe(true);
    expect(inPlaceSeason(winter, '2031-06-01')).toBe(false);
    expect(inPlaceSeason({ seasonFrom: null, seasonTo: null }, '2031-06-01')).toBe(true);
    expect(seasonLabel(summer)).toBe('Open April 1 – October 31');
  });

  it('is closed on its closed dates, and says so by the place’s name and day', () => {
    const calendar = { seasonFrom: null, seasonTo: null, closedDates: ['2030-12-26'] };
    expect(placeClosure(calendar, '2030-12-26')).toBe('closed');
    expect(placeClosure(calendar, '2030-12-27')).toBeNull();
    expect(closureText('Lexington Farmers Market', 'closed', '2030-12-26')).toBe(
      'Lexington Farmers Market is closed on Thursday, December 26',
    );
  });
});
