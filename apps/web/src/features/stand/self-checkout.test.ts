import { describe, expect, it } from 'vitest';
import { cardLinkProblem, pinDigest, pinProblem } from './self-checkout';

describe('the self-checkout settings on the device', () => {
  it('keeps the staff PIN only as a digest salted with the farm, and a wrong PIN does not match', async () => {
    const digest = await pinDigest(7, '4821');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain('4821');
    expect(await pinDigest(7, '4821')).toBe(digest);
    expect(await pinDigest(7, '4822')).not.toBe(digest);
    expect(await pinDigest(8, '4821')).not.toBe(digest);
  });

  it('takes a PIN of 4 to 8 digits and a card link only on https', () => {
    expect(pinProblem('123')).toBe('The PIN is 4 to 8 digits');
    expect(pinProblem('12a4')).toBe('The PIN is 4 to 8 digits');
    expect(pinProblem('123456')).toBeNull();
    expect(cardLinkProblem('')).toBeNull();
    expect(cardLinkProblem('https://square.link/u/abc')).toBeNull();
    expect(cardLinkProblem('http://example.com')).toBe('The card link must start with https://');
    expect(cardLinkProblem('javascript:alert(1)')).toBe('The card link must start with https://');
  });
});
