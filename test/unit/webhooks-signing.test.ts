import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from '../../server/domain/webhooks/signing';
import { checkEndpointUrl } from '../../server/domain/webhooks/endpoints';
import { retryDelayMs } from '../../server/jobs/webhook-attempt';

// The reference's test vector (api-surface.md §6), checked there with the official client.
const SECRET = 'test-secret';
const BODY =
  '{"events":[{"id":"EV123","created_at":"2026-01-01T00:00:00.000Z","resource_type":"mandates","action":"created","links":{"mandate":"MD123"},"details":{"origin":"api","cause":"mandate_created","description":"Mandate created via the API."},"metadata":{}}],"meta":{"webhook_id":"WB123"}}';
const SIGNATURE = 'b087dfae7dcef0b7749040add9264e8f7934e56596fecab5eaec428d9807ad60';

describe('webhook signatures', () => {
  it('match the reference test vector', () => {
    expect(signWebhookBody(BODY, SECRET)).toBe(SIGNATURE);
    expect(signWebhookBody(Buffer.from(BODY), SECRET)).toBe(SIGNATURE);
  });

  it('verify in constant time, in either hex case, and refuse anything else', () => {
    expect(verifyWebhookSignature(BODY, SECRET, SIGNATURE)).toBe(true);
    expect(verifyWebhookSignature(BODY, SECRET, SIGNATURE.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature(BODY, 'other-secret', SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(`${BODY} `, SECRET, SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(BODY, SECRET, SIGNATURE.slice(2))).toBe(false);
    expect(verifyWebhookSignature(BODY, SECRET, `sha256=${SIGNATURE}`)).toBe(false);
    expect(verifyWebhookSignature(BODY, SECRET, undefined)).toBe(false);
  });
});

describe('webhook endpoint URLs', () => {
  it('must be https in live; http is allowed in the sandbox; never credentials', () => {
    expect(checkEndpointUrl('https://merchant.example/hooks', 'live')).toBeNull();
    expect(checkEndpointUrl('http://merchant.example/hooks', 'live')).toMatchObject({
      field: 'url',
      code: 'invalid_uri',
    });
    expect(checkEndpointUrl('http://localhost:8080/hooks', 'sandbox', { allowLoopback: true })).toBeNull();
    // Loopback only with the operator's WEBHOOK_ALLOW_LOOPBACK, and never in live (issue 40.3).
    expect(checkEndpointUrl('http://localhost:8080/hooks', 'sandbox')).toMatchObject({ code: 'internal_address' });
    expect(checkEndpointUrl('https://localhost/hooks', 'live', { allowLoopback: true })).toMatchObject({
      code: 'internal_address',
    });
    expect(checkEndpointUrl('https://user:pw@merchant.example/', 'live')).toMatchObject({ code: 'invalid_uri' });
    expect(checkEndpointUrl('ftp://merchant.example/', 'sandbox')).toMatchObject({ code: 'invalid_uri' });
    expect(checkEndpointUrl('not a url', 'sandbox')).toMatchObject({ code: 'invalid_uri' });
  });
});

describe('webhook retry delays', () => {
  it('double from 30 seconds up to 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });
});
