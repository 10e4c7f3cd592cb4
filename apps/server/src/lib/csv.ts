/**
 * A field as RFC 4180 writes it, quoted when it holds a comma, quote or line break; a text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as one CSV text, CRLF line ends (RFC 4180), ending with a line break. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map((field) => csvField(String(field))).join(',')).join('\r\n')}\r\n`;
}
