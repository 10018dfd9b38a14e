import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

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
