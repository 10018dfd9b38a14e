/**
 * A strict reader of CSV as RFC 4180 writes it (and as Excel, Numbers, Sheets and Shopify save it): cells separated
 * by commas, records by CRLF or LF, a cell in double quotes may hold commas, quotes (doubled) and line breaks. A
 * UTF-8 byte order mark at the start is dropped. Anything else is refused with the line it is on, rather than
 * guessed at: an unclosed quote would otherwise swallow the rest of the file into one cell, and a stray quote
 * usually means a cell was cut by hand. Blank lines are skipped (a spreadsheet leaves them at the end).
 * Each record keeps the line it starts on, as a text editor numbers lines, so a report can point at it.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; cell: number; message: string };

class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly cell: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let at = 0;
  try {
    while (at < text.length) {
      const start = line;
      const cells: string[] = [];
      for (;;) {
        let cell: string;
        if (text[at] === '"') {
          // A quoted cell: runs to the next quote not doubled; line breaks inside count as lines.
          const opened = line;
          let value = '';
          let from = at + 1;
          for (;;) {
            const quote = text.indexOf('"', from);
            if (quote === -1) throw new CsvError(opened, cells.length, 'has a quote that is never closed: end the cell with a double quote (")');
            value += text.slice(from, quote);
            if (text[quote + 1] === '"') {
              value += '"';
              from = quote + 2;
              continue;
            }
            at = quote + 1;
            break;
          }
          line += countLineBreaks(value);
          cell = value;
          const next = text[at];
          if (next !== undefined && next !== ',' && next !== '\n' && !(next === '\r' && text[at + 1] === '\n')) {
            throw new CsvError(line, cells.length, 'has text after a closing quote: a quote inside a quoted cell must be doubled ("")');
          }
        } else {
          let end = at;
          while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
          cell = text.slice(at, end);
          if (cell.includes('"')) throw new CsvError(line, cells.length, 'has a quote inside a cell that does not start with one: put the whole cell in quotes and double the quote ("")');
          if (text[end] === '\r' && text[end + 1] !== '\n') throw new CsvError(line, cells.length, 'has a carriage return without a line feed: save the file with CRLF or LF line ends');
          at = end;
        }
        cells.push(cell);
        if (text[at] === ',') {
          at++;
          continue;
        }
        // End of the record: CRLF, LF or the end of the text.
        if (text[at] === '\r') at++;
        if (text[at] === '\n') {
          at++;
          line++;
        }
        break;
      }
      if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
    }
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, line: error.line, cell: error.cell, message: error.message };
    throw error;
  }
  return { ok: true, records };
}

function countLineBreaks(value: string): number {
  let count = 0;
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) count++;
  return count;
}

/**
 * A spreadsheet reads a cell that starts with = + - @, a tab or a carriage return as a formula
 * (`=HYPERLINK(...)` runs when the file is opened): CSV injection. Our exports put an apostrophe before such a
 * cell, which spreadsheets show as text; `csvCell` writes it, `unescapeFormula` takes it off again on import.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One cell as RFC 4180 writes it, with a formula-looking text (or one our escaping would misread) kept as text. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A text cell as imported: an apostrophe our export put before a formula-looking text is taken off; a cell that
 * would run as a formula is refused (null), since a file carrying one was not made by us and may be an attack.
 */
export function unescapeFormula(cell: string): string | null {
  if (cell.startsWith("'") && FORMULA_START.test(cell)) return cell.slice(1);
  return FORMULA_START.test(cell) ? null : cell;
}
