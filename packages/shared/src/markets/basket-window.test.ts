import { describe, expect, it } from 'vitest';
import { basketDay, basketNotice, farmClosesAt, isBasketOpen } from './basket-window';

// 2027-04-03 is a Saturday; Lexington keeps Eastern time (EDT, UTC−4, in summer).
const market = {
  seasonStart: '2027-04-03',
  seasonEnd: '2027-11-20',
  marketDays: [{ weekday: 6, opens: '07:00', closes: '12:00' }],
  closedDates: ['2027-07-03'],
  basketOpensDays: 6,
  basketClosesHours: 36,
};
/** EDT wall clock to an instant (the test's stand-in for the server's zoned time). */
const edt = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-04:00`);

describe('the market basket’s ordering window', () => {
  const day = basketDay(market, '2027-06-12', edt);

  it('opens the given days before the market day’s opening and closes the given hours before it', () => {
    expect(day).toEqual({
      date: '2027-06-12',
      pickupStart: edt('2027-06-12', '07:00'),
      pickupEnd: edt('2027-06-12', '12:00'),
      opensAt: edt('2027-06-06', '07:00'),
      closesAt: edt('2027-06-10', '19:00'),
    });
  });

  it('is no window on a closed date, another weekday or outside the season', () => {
    expect(basketDay(market, '2027-07-03', edt)).toBeNull();
    expect(basketDay(market, '2027-06-11', edt)).toBeNull();
    expect(basketDay(market, '2027-12-04', edt)).toBeNull();
  });

  it('closes a farm earlier when its own cut-off is, never later', () => {
    if (!day) throw new Error('a market day');
    expect(farmClosesAt(day, 48)).toEqual(edt('2027-06-10', '07:00'));
    expect(farmClosesAt(day, 24)).toEqual(day.closesAt);
  });

  it('is open from its opening until the minute it closes, and says why not in the market’s zone', () => {
    if (!day) throw new Error('a market day');
    const minute = 60_000;
    expect(isBasketOpen(day, new Date(day.opensAt.getTime() - minute))).toBe(false);
    expect(isBasketOpen(day, day.opensAt)).toBe(true);
    expect(isBasketOpen(day, new Date(day.closesAt.getTime() - minute))).toBe(true);
    expect(isBasketOpen(day, day.closesAt)).toBe(false);
    expect(basketNotice(day, new Date(day.opensAt.getTime() - minute), 'America/New_York')).toBe(
      'Ordering for Saturday, June 12 opens Sunday, June 6 at 7:00 AM',
    );
    expect(basketNotice(day, day.closesAt, 'America/New_York')).toBe(
      'Ordering for Saturday, June 12 closed Thursday, June 10 at 7:00 PM',
    );
    // Read in Kentucky's western (Central) zone the same instant is an hour earlier on the clock.
    expect(basketNotice(day, day.closesAt, 'America/Chicago')).toBe(
      'Ordering for Saturday, June 12 closed Thursday, June 10 at 6:00 PM',
    );
    expect(basketNotice(day, day.opensAt, 'America/New_York')).toBeNull();
  });
});
