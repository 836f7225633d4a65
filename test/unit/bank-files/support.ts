import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The reference folder beside the clone (CI has ../shared next to it). */
export const REFERENCE = join(import.meta.dirname, '../../../../shared/reference/bank-files');

export const sample = (path: string) => readFileSync(join(REFERENCE, 'samples', path), 'utf8');

/** Validates with libxml2's xmllint against the official XSD; returns xmllint's verdict. */
export function validateAgainstXsd(xml: string, xsd: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bankfiles-'));
  const file = join(dir, 'file.xml');
  writeFileSync(file, xml);
  try {
    const output = execFileSync('xmllint', ['--noout', '--schema', join(REFERENCE, 'iso20022', xsd), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function* slowly<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
