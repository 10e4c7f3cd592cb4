import { describe, expect, it } from 'vitest';
import { clockText, isMarketDay, marketDates, marketDaysText, nextMarketDates } from './calendar';

// 2027-04-03 is a Saturday.
const market = {
  seasonStart: '2027-04-03',
  seasonEnd: '2027-11-20',
  marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
  closedDates: ['2027-07-03'],
};

describe('market calendar', () => {
  it('counts a Saturday in the season as a market day', () => {
    expect(isMarketDay(market, '2027-04-03')).toBe(true);
    expect(isMarketDay(market, '2027-04-10')).toBe(true);
  });

  it('does not count another weekday, a closed date or a day outside the season', () => {
    expect(isMarketDay(market, '2027-04-04')).toBe(false);
    expect(isMarketDay(market, '2027-07-03')).toBe(false);
    expect(isMarketDay(market, '2027-03-27')).toBe(false);
    expect(isMarketDay(market, '2027-11-27')).toBe(false);
  });

  it('lists the market days in a range, skipping closed dates and clipping to the season', () => {
    expect(marketDates(market, '2027-06-20', '2027-07-17')).toEqual(['2027-06-26', '2027-07-10', '2027-07-17']);
    expect(marketDates(market, '2027-01-01', '2027-04-12')).toEqual(['2027-04-03', '2027-04-10']);
    // 34 Saturdays from April 3 to November 20, one of them closed.
    expect(marketDates(market, '2027-01-01', '2027-12-31')).toHaveLength(33);
  });

  it('gives the next market days from today, today included', () => {
    expect(nextMarketDates(market, '2027-06-26', 3)).toEqual(['2027-06-26', '2027-07-10', '2027-07-17']);
    expect(nextMarketDates(market, '2027-06-27', 1)).toEqual(['2027-07-10']);
    expect(nextMarketDates(market, '2027-01-15', 1)).toEqual(['2027-04-03']);
  });

  it('gives fewer next days at the end of the season and none after it', () => {
    expect(nextMarketDates(market, '2027-11-10', 5)).toEqual(['2027-11-13', '2027-11-20']);
    expect(nextMarketDates(market, '2027-11-21', 5)).toEqual([]);
  });

  it('handles two market days a week', () => {
    const twice = { ...market, marketDays: [...market.marketDays, { weekday: 3, opens: '15:00', closes: '18:30' }] };
    expect(marketDates(twice, '2027-04-05', '2027-04-11')).toEqual(['2027-04-07', '2027-04-10']);
  });

  it('writes market days the way a shopper reads them', () => {
    expect(marketDaysText(market.marketDays)).toEqual(['Saturdays 7 AM–12 PM']);
    expect(
      marketDaysText([
        { weekday: 6, opens: '08:00', closes: '12:00' },
        { weekday: 3, opens: '15:30', closes: '18:30' },
      ]),
    ).toEqual(['Wednesdays 3:30 PM–6:30 PM', 'Saturdays 8 AM–12 PM']);
    expect(clockText('00:15')).toBe('12:15 AM');
    expect(clockText('12:00')).toBe('12 PM');
  });
});
