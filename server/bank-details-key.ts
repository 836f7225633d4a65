import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The secret full bank details are sealed under at rest: BANK_DETAILS_KEY when given (needed when
 * several processes share one Postgres), else one generated into DATA_DIR on first start, readable
 * only by this user. Losing it makes the kept details unreadable, so back it up with the data.
 */
export function loadBankDetailsKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'bank-details-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
