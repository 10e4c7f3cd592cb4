import { describe, expect, it } from 'vitest';
import { formatBadge } from './unread-count';

describe('formatBadge', () => {
  it('shows the count up to 9 and 9+ above (spec 01 §9)', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(9)).toBe('9');
    expect(formatBadge(10)).toBe('9+');
    expect(formatBadge(250)).toBe('9+');
  });
});
