/**
 * CSV for spreadsheets (RFC 4180): every cell quoted when it holds a comma, a quote or a line break, quotes doubled,
 * lines ended by CRLF. A cell that begins with = + - @ or a tab or carriage return would be read by Excel, Numbers
 * or Sheets as a formula (a shopper can type "=HYPERLINK(...)" as their name), so it gets a leading apostrophe,
 * which those programs show as text (OWASP's advice for CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
