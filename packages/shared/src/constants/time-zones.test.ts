import { describe, expect, it } from 'vitest';
import { defaultTimeZone } from './time-zones';

describe('a pickup place’s default time zone', () => {
  it('is Central for western Kentucky, Middle and West Tennessee and Indiana’s corners, Eastern elsewhere', () => {
    expect(defaultTimeZone('KY', '42101')).toBe('America/Chicago'); // Bowling Green
    expect(defaultTimeZone('KY', '42001')).toBe('America/Chicago'); // Paducah
    expect(defaultTimeZone('KY', '40507')).toBe('America/New_York'); // Lexington
    expect(defaultTimeZone('KY', '40202')).toBe('America/New_York'); // Louisville
    expect(defaultTimeZone('TN', '37203')).toBe('America/Chicago'); // Nashville
    expect(defaultTimeZone('TN', '38103')).toBe('America/Chicago'); // Memphis
    expect(defaultTimeZone('TN', '37902')).toBe('America/New_York'); // Knoxville
    expect(defaultTimeZone('IN', '47708')).toBe('America/Chicago'); // Evansville
    expect(defaultTimeZone('IN', '46204')).toBe('America/New_York'); // Indianapolis
    expect(defaultTimeZone('OH', '43215')).toBe('America/New_York');
    expect(defaultTimeZone('WV', '25301')).toBe('America/New_York');
    expect(defaultTimeZone(null, null)).toBe('America/New_York');
  });
});
