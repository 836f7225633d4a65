import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../server/domain/bank-account-details/seal';

/** Full bank details at rest: only the operator's secret opens them, and any change is detected. */
describe('sealed bank details', () => {
  const details = JSON.stringify({ account_number: '55779911', branch_code: '200000' });

  it('opens with the secret it was sealed under, and never holds the details in clear', () => {
    const sealed = seal('a-secret-of-at-least-thirty-two-characters', details);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('55779911');
    expect(unseal('a-secret-of-at-least-thirty-two-characters', sealed)).toBe(details);
    expect(seal('a-secret-of-at-least-thirty-two-characters', details)).not.toBe(sealed);
  });

  it('refuses another secret and an altered text', () => {
    const sealed = seal('a-secret-of-at-least-thirty-two-characters', details);
    expect(() => unseal('another-secret-of-at-least-thirty-two-chars', sealed)).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    // The first character: every one of its bits is data (the last one's may be base64 padding).
    const flipped = ciphertext!.startsWith('A') ? 'B' : 'A';
    const altered = [version, iv, tag, `${flipped}${ciphertext!.slice(1)}`].join('.');
    expect(() => unseal('a-secret-of-at-least-thirty-two-characters', altered)).toThrow();
    expect(() => unseal('a-secret-of-at-least-thirty-two-characters', 'v0.x.y.z')).toThrow();
  });
});
