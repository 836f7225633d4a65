import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from '../../server/api/wire/export-csv';
import { csvCell } from '../../server/domain/shared/csv';

/** Reads one RFC 4180 cell back: what a spreadsheet or CSV reader sees. */
function readCell(cell: string): string {
  return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}

describe('export CSV cells', () => {
  it('round-trips any text, never starting with a formula character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const cell = csvCell(text);
        const read = readCell(cell);
        expect(read.replace(/^'(?=[=+\-@\t\r])/, '')).toBe(text);
        expect(read).not.toMatch(/^[=+\-@\t\r]/);
        if (/[",\r\n]/.test(text)) expect(cell.startsWith('"')).toBe(true);
      }),
    );
  });

  it('writes numbers, booleans, empty values and objects as they are', () => {
    expect(csvCell(-120)).toBe('-120');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: '1' })).toBe('"{""a"":""1""}"');
    expect(csvCell('=1+1')).toBe('"\'=1+1"');
  });

  it('lays a wire object out under the header, dotted paths for nested fields', () => {
    expect(csvHeader('refunds_index')).toBe(
      'id,created_at,amount,currency,reference,status,metadata,links.payment,links.mandate\r\n',
    );
    const line = csvRow('refunds_index', { id: 'RF1', amount: 5, links: { payment: 'PM1' }, metadata: {} });
    expect(line).toBe('RF1,,5,,,,{},PM1,\r\n');
  });
});
