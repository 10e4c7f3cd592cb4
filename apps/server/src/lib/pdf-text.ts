/**
 * A text in the PDF fonts' own alphabet (the standard fonts' WinAnsi): accents kept, letters the
 * fonts lack reduced to their base letter or "?", line breaks and tabs as one space. Names and notes
 * are what people typed; every PDF (packing slips, the benefits ledger, the market's programme
 * report) must print whatever that was. `supported` is the font's character set.
 */
export function printable(text: string, supported: Set<number>): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(char.codePointAt(0) as number)) out += char;
    else {
      const base = char.normalize('NFKD')[0];
      out += base && supported.has(base.codePointAt(0) as number) ? base : '?';
    }
  }
  return out;
}
