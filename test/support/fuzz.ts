import fc from 'fast-check';

/**
 * Arbitraries for fuzzing the API from its own `/openapi.json`: values of the documented shape
 * (with hostile strings where text goes), of the wrong shape, and raw bodies no JSON parser would
 * read the same way twice. Used by test/api/fuzz-openapi.test.ts and `npm run fuzz`.
 */

const BUILT_IN_PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
};
type PrototypesSnapshot = Map<string, PropertyDescriptor>;

/**
 * The built-in prototypes of this process, each own property's descriptor: the test server runs in
 * the test's own process, so a request that wrote through `__proto__` (issue 40.1) shows here.
 */
export function prototypesSnapshot(): PrototypesSnapshot {
  const snapshot: PrototypesSnapshot = new Map();
  for (const [name, proto] of Object.entries(BUILT_IN_PROTOTYPES))
    for (const key of Reflect.ownKeys(proto))
      snapshot.set(`${name}.${String(key)}`, Object.getOwnPropertyDescriptor(proto, key)!);
  return snapshot;
}

/** The properties added, removed or replaced since `before` (values compared by identity). */
export function prototypesChangedSince(before: PrototypesSnapshot): string[] {
  const now = prototypesSnapshot();
  const same = (a: PropertyDescriptor, b: PropertyDescriptor) =>
    Object.is(a.value, b.value) && a.get === b.get && a.set === b.set && a.enumerable === b.enumerable;
  return [...new Set([...before.keys(), ...now.keys()])].filter((key) => {
    const a = before.get(key);
    const b = now.get(key);
    return !a || !b || !same(a, b);
  });
}

/** `FUZZ_SEED` and `FUZZ_RUNS` make a long run (`npm run fuzz`); CI runs a fixed seed, a few runs. */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 17);
export const fuzzRuns = (ciRuns: number) => Number(process.env.FUZZ_RUNS ?? ciRuns);

const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Strings that have broken services: NUL, lone surrogates, direction marks, emoji, SQL, HTML. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '😀👍🏽👨‍👩‍👧',
  "'; DROP TABLE customers; --",
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00%0d%0a',
  'https://example.com/\r\nSet-Cookie: a=b',
  '\r\n',
  '9999-12-31',
  '0000-01-01',
  '2024-02-30',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '{}',
  'ÅÄÖ åäö ß',
  'z'.repeat(256),
  'z'.repeat(3000),
];

/** The keys that are an object's machinery (issue 40.1): refused wherever input becomes an object. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Percent-escapes that decode to bytes that are not UTF-8: a lone byte, a surrogate, a truncation, overlong, past U+10FFFF. */
export const INVALID_UTF8_ESCAPES = ['%FF', '%ED%A0%80', '%C3', '%80', '%C0%AF', '%F4%90%80%80'];

/** Every Content-Encoding registered with IANA, the common aliases, a list, and nonsense (issue 40.5). */
export const CONTENT_ENCODINGS = [
  'gzip',
  'x-gzip',
  'deflate',
  'br',
  'zstd',
  'compress',
  'x-compress',
  'exi',
  'pack200-gzip',
  'aes128gcm',
  'dcb',
  'dcz',
  'identity',
  'gzip, identity',
  'identity, br',
  'nonsense',
];

/**
 * Raw query-string parts no URLSearchParams would write: prototype keys as names and bracketed
 * children, and names and values whose escapes are not UTF-8. Appended to a query as they are.
 */
export const hostileQueryPart: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('', '[a]', '[__proto__]', '[constructor]'))
    .map(([key, child]) => `${key}${child}=x`),
  fc.constantFrom('created_at[__proto__]=1', 'limit[constructor]=1', 'a[prototype]=b'),
  fc
    .tuple(fc.constantFrom('limit', 'after', 'x', ''), fc.constantFrom(...INVALID_UTF8_ESCAPES))
    .map(([name, escape]) => `${name}=a${escape}b`),
  fc.constantFrom(...INVALID_UTF8_ESCAPES).map((escape) => `${escape}=1`),
);

const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Any JSON value of any type, to put where something else belongs. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [1], { a: 1 }),
  hostileString,
  fc.jsonValue({ maxDepth: 2 }),
);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date') {
    return fc.oneof(
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      hostileString,
    );
  }
  if (schema.format === 'date-time') {
    return fc.oneof(
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      hostileString,
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }) },
    { weight: 2, arbitrary: hostileString },
  );
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number | string> {
  const min = schema.minimum ?? -1000;
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const inRange = integer ? fc.integer({ min: Math.max(min, -1e9), max }) : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 53, 1e20, 0.5) },
  );
}

/** A value of the shape `schema` documents; text is sometimes hostile, keys sometimes extra. */
export function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wrongValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum)
    return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString });
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => valueOf(s, depth + 1)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      if (!names.length) {
        const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
        return fc.dictionary(hostileString, valueOf(extra ?? { type: 'string' }, depth + 1), { maxKeys: 4 });
      }
      const record = fc.record(Object.fromEntries(names.map((n) => [n, valueOf(properties[n], depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((n) => names.includes(n)),
      });
      return fc.oneof(
        { weight: 5, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc.tuple(record, hostileString, wrongValue).map(([r, k, v]) => ({ ...(r as object), [k]: v })),
        },
      );
    }
    default:
      return wrongValue;
  }
}

/** A request body: the documented shape mostly, else another shape, or text that is barely JSON. */
export function bodyOf(schema: Schema | undefined): fc.Arbitrary<string | undefined> {
  const documented = valueOf(schema).map((v) => JSON.stringify(v));
  const raw = fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '{"a":1,"a":2}',
    '{"__proto__":{"admin":true}}',
    `{"x":"${MEGABYTE}"}`,
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"data":null}',
    '{}',
    `${'{"a":'.repeat(32)}1${'}'.repeat(32)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  );
  return fc.oneof(
    { weight: 8, arbitrary: documented },
    { weight: 2, arbitrary: wrongValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Query parameters: documented ones with fitting or hostile values, and unknown ones. */
export function queryOf(parameters: { name: string; in: string; schema?: Schema }[]): fc.Arbitrary<URLSearchParams> {
  const query = parameters.filter((p) => p.in === 'query');
  const entry = (p: (typeof query)[number]): fc.Arbitrary<[string, string][]> => {
    if (p.schema?.type === 'object' && p.schema.properties) {
      const keys = Object.keys(p.schema.properties);
      return fc
        .subarray(keys, { maxLength: Math.min(2, keys.length) })
        .chain((ks) =>
          fc.tuple(
            ...ks.map((k) =>
              valueOf(p.schema!.properties![k]).map((v) => [`${p.name}[${k}]`, String(v)] as [string, string]),
            ),
          ),
        );
    }
    return valueOf(p.schema).map((v) => [[p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]]);
  };
  const known = query.length
    ? fc.subarray(query, { maxLength: Math.min(3, query.length) }).chain((ps) => fc.tuple(...ps.map(entry)))
    : fc.constant([]);
  const unknown = fc.array(fc.tuple(hostileString, hostileString), { maxLength: 1 });
  return fc
    .tuple(known, unknown)
    .map(([k, u]) => new URLSearchParams([...k.flat(), ...u].map(([a, b]) => [a, b.slice(0, 2000)])));
}

/** Headers that vary: content type and charset, Accept, the version, an idempotency key, an encoding. */
export const headerVariants = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/vnd.api+json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/json;q=0'),
    'service-version': fc.constantFrom('2015-07-06', '2015-04-29', '2099-01-01'),
    'content-encoding': fc.constantFrom(...CONTENT_ENCODINGS),
    'idempotency-key': fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'k')),
      fc.constant('k'.repeat(200)),
    ),
  },
  { requiredKeys: [] },
);
