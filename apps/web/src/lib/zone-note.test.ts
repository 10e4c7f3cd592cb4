import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWindow } from './pickup-time';

afterEach(() => vi.restoreAllMocks());

/** Makes the viewer's clock read as a zone `offsetMinutes` east of UTC (negative: west). */
const viewerOffset = (offsetMinutes: number) => vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-offsetMinutes);

describe('pickup times in the place’s own zone', () => {
  it('reads a Central-time market in Central time, and says so to a viewer on Eastern time', () => {
    viewerOffset(-4 * 60); // EDT
    expect(formatWindow('2030-06-08T14:00:00.000Z', '2030-06-08T17:00:00.000Z', 'America/Chicago')).toBe(
      'Sat, Jun 8 · 9:00 AM – 12:00 PM (Central time)',
    );
  });

  it('names no zone when the viewer’s clock reads the same', () => {
    viewerOffset(-5 * 60); // CDT
    expect(formatWindow('2030-06-08T14:00:00.000Z', '2030-06-08T17:00:00.000Z', 'America/Chicago')).toBe(
      'Sat, Jun 8 · 9:00 AM – 12:00 PM',
    );
  });

  it('follows the daylight-saving change: the first Saturday of November is on standard time', () => {
    viewerOffset(-4 * 60); // a viewer still on EDT at that instant would see the note
    expect(formatWindow('2030-11-09T15:00:00.000Z', '2030-11-09T18:00:00.000Z', 'America/Chicago')).toBe(
      'Sat, Nov 9 · 9:00 AM – 12:00 PM (Central time)',
    );
  });
});
