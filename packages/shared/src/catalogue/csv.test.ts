import { describe, expect, it } from 'vitest';
import { csvText, parseCsv, unguardCell } from './csv';

describe('catalogue CSV', () => {
  it('reads what it writes: quotes, commas, line breaks and formula guards', () => {
    const rows = [
      ['=SUM(A1)', '+1', '-2', '@x', 'plain', 'a "quoted", text', 'two\r\nlines', "'kept apostrophe"],
      ['', 'é ü 🍅', '\tTab', "'=already quoted", "''+twice", "'", '', ''],
    ];
    const text = csvText(rows);
    const parsed = parseCsv(text);
    expect(parsed.ok && parsed.records.map((r) => r.map(unguardCell))).toEqual(rows);
  });

  it('reads LF line ends, a BOM and a last line without its break (Excel and Sheets)', () => {
    expect(parseCsv('\ufeffa,b\nc,"d\ne"')).toEqual({
      ok: true,
      records: [
        ['a', 'b'],
        ['c', 'd\ne'],
      ],
    });
  });

  it('names the row of a quote never closed', () => {
    expect(parseCsv('a,b\r\nc,"d\r\n')).toEqual({ ok: false, message: 'Row 2 opens a quote (") that is never closed' });
  });
});
