/**
 * CSV as spreadsheets write and read it (RFC 4180): fields quoted when they hold a comma, quote or
 * line break, CRLF line ends. A text a spreadsheet would run as a formula (=, +, -, @, tab or CR
 * first) is written with a leading apostrophe, and `unguardCell` takes exactly that back off, so a
 * file read back holds what was written (decision 585).
 */

/** What gets the guard: a formula-like text, or one that already starts with apostrophes before one (so it reads back as written). */
const GUARDED = /^'*[=+\-@\t\r]/;
/** A plain negative amount ("-6.00") is a number to a spreadsheet, never a formula: it is written as it is, so it adds up. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** A field as RFC 4180 writes it, formula-guarded. */
export function csvField(value: string): string {
  const safe = GUARDED.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as one CSV text, CRLF line ends (RFC 4180), ending with a line break. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map((field) => csvField(String(field))).join(',')).join('\r\n')}\r\n`;
}

/** The apostrophe `csvField` put before a formula-like text, taken off again; any other text as it is. */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && GUARDED.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export type CsvParse = { ok: true; records: string[][] } | { ok: false; message: string };

/**
 * A CSV text's records (a BOM, CRLF or LF, quoted fields with "" and line breaks inside, as Excel
 * and Google Sheets save them). Stops counting at `maxRecords + 1` so a huge file is refused early.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvParse {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < body.length) {
    const char = body[i];
    if (quoted) {
      if (char === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += char;
      i++;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      i++;
    } else if (char === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && body[i + 1] === '\n' ? 2 : 1;
      if (records.length > maxRecords) return { ok: true, records };
    } else {
      field += char;
      i++;
    }
  }
  if (quoted) return { ok: false, message: `Row ${records.length + 1} opens a quote (") that is never closed` };
  if (field !== '' || record.length > 0) endRecord();
  return { ok: true, records };
}
