import { refuse } from '../errors';

/** What the Nacha writer and reader share (formats.md § 3.1). */

export const RECORD_WIDTH = 94;
export const BLOCKING_FACTOR = 10;
export const FILLER = '9'.repeat(RECORD_WIDTH);

/** Transaction codes whose second digit is 0–4 are credits (22, 23, 32, 21 returns…), 5–9 debits. */
export function isCreditCode(code: string): boolean {
  return Number(code[1]) <= 4;
}

/** ABA routing number: 9 digits, weights 3 7 1, sum divisible by 10 (schemes.md § 2.3). */
export function routingNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  if (!/^\d{9}$/.test(digits) || weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 10 !== 0)
    refuse('invalid_routing_number', `"${value}" is not an ABA routing number`);
  return digits;
}

/** The low 10 digits of the sum of the 8-digit RDFI identifications. */
export function addToHash(hash: bigint, rdfi8: string): bigint {
  return (hash + BigInt(rdfi8)) % 10_000_000_000n;
}

export function yymmdd(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse('invalid_date', `"${date}" is not an ISO date`);
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}
