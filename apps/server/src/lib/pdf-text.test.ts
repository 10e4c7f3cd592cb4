import { describe, expect, it } from 'vitest';
import { printable } from './pdf-text';

const ascii = new Set([...Array.from({ length: 95 }, (_, i) => 32 + i), 'ë'.codePointAt(0) as number]);

describe('text for a PDF font', () => {
  it('keeps what the font has, reduces accented letters it lacks to their base letter and anything else to "?"', () => {
    expect(printable('Zoë’s Ñandú farm 🐄', ascii)).toBe('Zoë?s Nandu farm ?');
  });

  it('prints line breaks and tabs as one space', () => {
    expect(printable('Leave by\r\n\tthe gate', ascii)).toBe('Leave by the gate');
  });
});
