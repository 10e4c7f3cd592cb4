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

  it('writes a negative amount as a number a spreadsheet adds up, and a formula that starts with a minus guarded', () => {
    expect(csvText([['-6.00', '-12', '-1+2', '-A1', '-6.00.1']])).toBe("-6.00,-12,'-1+2,'-A1,'-6.00.1\r\n");
    const parsed = parseCsv(csvText([['-6.00', '-1+2']]));
    expect(parsed.ok && parsed.records.map((r) => r.map(unguardCell))).toEqual([['-6.00', '-1+2']]);
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
