/**
 * One CSV field as the accounting products read it: line breaks inside text become spaces (a
 * journal line is one line), and a field holding a comma or a double quote is quoted with its
 * quotes doubled (RFC 4180); numbers are written as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = value.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends (each product's import reads CRLF). */
export function csvText(rows: Array<Array<string | number>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + (rows.length ? '\r\n' : '');
}

/** `YYYY-MM-DD` → `YYYY/MM/DD`. */
export const slashDate = (date: string) => date.replaceAll('-', '/');
