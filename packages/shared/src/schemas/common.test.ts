import { describe, expect, it } from 'vitest';
import { findUnsafeText, hasUnsafeText, safeText, unsafeTextMessage } from './common';
import { fieldLabel, validationMessage } from './validation-messages';

describe('the input rule for text', () => {
  it('finds NUL and unpaired surrogates, keeps paired ones', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('\ud800')).toBe(true);
    expect(hasUnsafeText('x\udc00y')).toBe(true);
    expect(hasUnsafeText('\udc00\ud800')).toBe(true);
    expect(hasUnsafeText('eggs 🥚 𝄞 é')).toBe(false);
    expect(hasUnsafeText('')).toBe(false);
  });

  it('names the first offending value or key by its path', () => {
    expect(findUnsafeText({ a: 'ok', items: [{ name: 'ok' }, { name: 'b\u0000' }] })).toEqual(['items', 1, 'name']);
    expect(findUnsafeText({ 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(findUnsafeText({ a: 1, b: [true, null, 'fine'] })).toBeNull();
    expect(unsafeTextMessage(['site_name'])).toMatch(/^Site name contains a character that is not allowed/);
  });

  it('safeText() refuses what the server refuses', () => {
    expect(safeText().safeParse('a\u0000').success).toBe(false);
    expect(safeText().safeParse('plain').success).toBe(true);
  });

  it('reads field names from a request as plain names, never as Object.prototype members', () => {
    // A body key "constructor" once became a function "label" and failed the server's error handler (500).
    expect(fieldLabel(['constructor'])).toBe('Constructor');
    expect(fieldLabel(['__proto__'])).toEqual(expect.any(String));
    expect(validationMessage({ code: 'too_small', path: ['toString'], origin: 'array', minimum: 1 })).toMatch(/^To string /);
  });
});
