/** Collects the figures of every section and prints them as aligned tables at the end. */
export type Row = Record<string, string>;
export type Table = { title: string; columns: string[]; rows: Row[]; notes: string[] };

const tables: Table[] = [];

export function addTable(title: string, columns: string[]): Table {
  const table: Table = { title, columns, rows: [], notes: [] };
  tables.push(table);
  return table;
}

export function formatTable(table: Table): string {
  const widths = table.columns.map((c) => Math.max(c.length, ...table.rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [
    `\n== ${table.title} ==`,
    line(table.columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.rows.map((r) => line(table.columns.map((c) => r[c] ?? ''))),
    ...table.notes.map((n) => `  ${n}`),
  ].join('\n');
}

export function printReport(): void {
  console.log(`\n${'='.repeat(30)} Farmstand bench results ${'='.repeat(30)}`);
  for (const table of tables) console.log(formatTable(table));
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : '—');
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
