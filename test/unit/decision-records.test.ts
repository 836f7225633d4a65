import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md indexes every record with its status. A record that is added without
 * a row, or that says a later decision superseded it while the index still calls it plainly
 * accepted (or the other way round), is how the records drifted before (issue 35).
 */
const DIR = 'docs/decisions';
const records = fs.readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
const rows = new Map(
  [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+) \| (.+) \|$/gm)].map((m) => [
    m[1]!,
    { file: m[2]!, title: m[3]!, status: m[4]! },
  ]),
);

/** The record numbers a text names after "superseded (in part) by": `0055, 0066`, `0055 and 0057`. */
function supersededBy(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /superseded(?:\s+in\s+part)?\s+by\s+(?:decision\s+)?((?:\d{4}(?:,\s*|\s+and\s+)?)+)/gi,
  ))
    for (const n of match[1]!.match(/\d{4}/g) ?? []) found.add(n);
  return [...found].sort();
}

describe('the decision records index', () => {
  it('lists every record once, under its own file name and first-line title', () => {
    expect([...rows.keys()].sort()).toEqual(records.map((f) => f.slice(0, 4)).sort());
    for (const file of records) {
      const row = rows.get(file.slice(0, 4))!;
      expect(row.file, file).toBe(file);
      const firstLine = fs.readFileSync(path.join(DIR, file), 'utf8').split('\n')[0]!;
      expect(firstLine, file).toMatch(new RegExp(`^# ${file.slice(0, 4)} `));
    }
  });

  it('gives each record the status its own text gives: superseded by the records it names', () => {
    for (const file of records) {
      const row = rows.get(file.slice(0, 4))!;
      expect(row.status, file).toMatch(
        /^(accepted|accepted; superseded in part by [\d, ]+|superseded by [\d, ]+)(; extended by [\d, ]+)?$/,
      );
      const text = fs.readFileSync(path.join(DIR, file), 'utf8');
      expect(supersededBy(row.status), file).toEqual(supersededBy(text));
      for (const n of supersededBy(row.status)) expect(rows.has(n), `${file} names ${n}`).toBe(true);
    }
  });
});
