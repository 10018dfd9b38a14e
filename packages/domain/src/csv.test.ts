import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv, unescapeFormula } from './csv';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lee, Ann')).toBe('"Lee, Ann"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(49.7)).toBe('49.7');
  });

  it('turns text a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('+1 512 555 0142')).toBe("'+1 512 555 0142");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('reading CSV', () => {
  const rows = (text: string) => {
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(`line ${parsed.line}: ${parsed.message}`);
    return parsed.records;
  };

  it('reads CRLF and LF lines, a BOM, and skips blank lines', () => {
    expect(rows('\uFEFFa,b\r\n1,2\n\n3,\r\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 4, cells: ['3', ''] },
    ]);
    expect(rows('a,b')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks, and numbers lines as an editor does', () => {
    expect(rows('name,description\r\n"Lee, Ann","say ""hi""\r\nand\nbye"\r\nnext,"x"\r\n')).toEqual([
      { line: 1, cells: ['name', 'description'] },
      { line: 2, cells: ['Lee, Ann', 'say "hi"\r\nand\nbye'] },
      { line: 5, cells: ['next', 'x'] },
    ]);
    expect(rows('"",""\n')).toEqual([{ line: 1, cells: ['', ''] }]);
  });

  it('refuses broken quoting with the line it is on', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toMatchObject({ ok: false, line: 2, cell: 1, message: expect.stringContaining('never closed') });
    expect(parseCsv('a,b\n1,2\n3,say "hi"\n')).toMatchObject({ ok: false, line: 3, cell: 1, message: expect.stringContaining('quote inside a cell') });
    expect(parseCsv('a,b\n"x"y,2\n')).toMatchObject({ ok: false, line: 2, cell: 0, message: expect.stringContaining('after a closing quote') });
    expect(parseCsv('a,b\r1,2')).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('carriage return') });
  });

  it('takes off the apostrophe our export puts before a formula, and refuses a formula', () => {
    for (const text of ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', '\tcmd', "'=1", 'plain', "'Tis"]) {
      const parsed = rows(csvLine(['x', text]))[0]!.cells[1]!;
      expect(unescapeFormula(parsed)).toBe(text);
    }
    expect(unescapeFormula('=HYPERLINK("http://evil.example","x")')).toBeNull();
    expect(unescapeFormula('-5')).toBeNull();
    expect(unescapeFormula("'Tis the season")).toBe("'Tis the season");
  });
});
