import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** One finding of either linter, as `linter rule at` so it can be listed as a justified ignore. */
export interface LintProblem {
  linter: 'redocly' | 'spectral';
  rule: string;
  at: string;
  message: string;
}

/** A linter exits non-zero when it finds something; its JSON report is still on stdout. */
async function report(args: string[], env: Record<string, string> = {}) {
  try {
    return (await run(process.execPath, args, { env: { ...process.env, ...env }, maxBuffer: 64 << 20 })).stdout;
  } catch (failure) {
    const stdout = (failure as { stdout?: string }).stdout;
    if (stdout) return stdout;
    throw failure;
  }
}

/**
 * Runs Redocly's and Spectral's recommended rules (the repository's `redocly.yaml` and
 * `.spectral.yaml`) on a document, both at once, and gives every finding of any severity.
 */
export async function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  try {
    const [redocly, spectral] = await Promise.all([
      report(
        [
          require.resolve('@redocly/cli/bin/cli.js'),
          'lint',
          file,
          `--config=${path.join(ROOT, 'redocly.yaml')}`,
          '--format=json',
        ],
        // No usage reports or update checks from a test run.
        { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      ),
      report([
        require.resolve('@stoplight/spectral-cli/dist/index.js'),
        'lint',
        file,
        `--ruleset=${path.join(ROOT, '.spectral.yaml')}`,
        '--format=json',
        '--quiet',
      ]),
    ]);
    const redoclyProblems = (
      JSON.parse(redocly) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }
    ).problems.map((p) => ({
      linter: 'redocly' as const,
      rule: p.ruleId,
      at: p.location[0]?.pointer ?? '',
      message: p.message,
    }));
    const spectralProblems = (JSON.parse(spectral) as { code: string; message: string; path: string[] }[]).map((p) => ({
      linter: 'spectral' as const,
      rule: p.code,
      at: `#/${p.path.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
      message: p.message,
    }));
    return [...redoclyProblems, ...spectralProblems];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The justified ignores: the rows of the table in docs/openapi-lint.md,
 * `| linter | rule | where (JSON pointer) | why |`.
 */
export function justifiedIgnores() {
  const text = fs.readFileSync(path.join(ROOT, 'docs/openapi-lint.md'), 'utf8');
  return [...text.matchAll(/^\| (redocly|spectral) \| `([^`]+)` \| `([^`]*)` \| (.*) \|$/gm)].map((m) => ({
    linter: m[1] as LintProblem['linter'],
    rule: m[2]!,
    at: m[3]!,
    why: m[4]!.trim(),
  }));
}
