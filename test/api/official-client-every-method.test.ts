import gocardless, { ApiError, Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../support/every-method-calls';
import { freshResources, type Fresh } from '../support/every-method-fresh';
import { startSandbox, type Sandbox } from '../support/every-method-sandbox';

/**
 * Issue 22's proof: every method of the official Node client (gocardless-nodejs 10.1.2, unchanged)
 * called once against a fresh sandbox gets a served answer: a 2xx, or the resource-level refusal
 * its table entry names, never `path_not_found`, `method_not_allowed` or a 5xx. The methods are
 * read from the client package itself, so a method the client gains fails here until the table
 * says what to pass it.
 */

/** Every `service.method` of the client: its service getters, then each service's request methods. */
function clientMethods(): string[] {
  const probe = gocardless('enumeration-only', Environments.Sandbox) as unknown as Record<string, object>;
  const getters = Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(probe)))
    .filter(([, descriptor]) => descriptor.get)
    .map(([name]) => name);
  return getters.flatMap((service) => {
    const instance = probe[service] as Record<string, unknown>;
    return (
      Object.getOwnPropertyNames(Object.getPrototypeOf(instance))
        .filter((name) => name !== 'constructor' && typeof instance[name] === 'function')
        // `all` walks `list`'s pages (an async generator): it requests nothing of its own.
        .filter((name) => (instance[name] as object).constructor.name !== 'AsyncGeneratorFunction')
        .map((name) => `${service}.${name}`)
    );
  });
}

const METHODS = clientMethods();

interface Outcome {
  status: number;
  /** The first error item's reason, or the error type when the items carry fields only. */
  reason?: string;
}

/** What the server answered the client: the status, and for a refusal its reason. */
async function outcomeOf(call: Promise<unknown>): Promise<Outcome> {
  try {
    const answer = (await call) as { __response__: { statusCode: number } };
    return { status: answer.__response__.statusCode };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const status = (error.response as { statusCode: number }).statusCode;
    const first = (error.errors ?? [])[0] as { reason?: string } | undefined;
    return { status, reason: first?.reason ?? error.errorType };
  }
}

/** The answers that mean the route is not there: the client's method reaches nothing. */
const UNSERVED = ['path_not_found', 'method_not_allowed'];

let sandbox: Sandbox;
let fresh: Fresh;

beforeAll(async () => {
  sandbox = await startSandbox();
  fresh = freshResources(sandbox);
}, 120_000);
afterAll(() => sandbox?.server.close());

describe('the official client’s methods', () => {
  it('are the 138 of gocardless-nodejs 10.1.2, in 46 services, each with a table entry', () => {
    expect(METHODS).toHaveLength(138);
    expect(new Set(METHODS.map((m) => m.split('.')[0]))).toHaveProperty('size', 46);
    expect(Object.keys(CALLS).sort()).toEqual([...METHODS].sort());
  });

  it.each(METHODS)('%s gets a served answer', async (name) => {
    const entry = CALLS[name];
    if (!entry) throw new Error(`no arguments for ${name} in every-method-calls.ts`);
    const [service, method] = name.split('.') as [string, string];
    const client = (entry.via ?? ((s: Sandbox) => s.client))(sandbox) as unknown as Record<
      string,
      Record<string, (...args: unknown[]) => Promise<unknown>>
    >;
    const args = await entry.args(sandbox, fresh);
    const outcome = await outcomeOf(client[service]![method]!.call(client[service], ...args));

    expect(UNSERVED, `${name} answered ${JSON.stringify(outcome)}`).not.toContain(outcome.reason);
    expect(outcome.status, `${name} answered ${JSON.stringify(outcome)}`).toBeLessThan(500);
    if (entry.expect) {
      expect(outcome).toEqual({ status: expect.any(Number), reason: entry.expect });
      expect(outcome.status).toBeGreaterThanOrEqual(400);
    } else {
      expect(outcome, name).toEqual({ status: expect.any(Number) });
      expect(outcome.status).toBeLessThan(300);
    }
  });
});
