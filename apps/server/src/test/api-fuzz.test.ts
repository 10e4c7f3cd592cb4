import type { UserType } from '@farmstand/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiOperation, apiOperations } from './api-routes';
import { bearer, buildUser, type TestUser } from './factories';
import { buildProducer, buildProduct } from './producer-factories';
import { buildTestApp, type TestApp } from './test-app';

/**
 * Property-based fuzzing of every documented write and query route with hostile input
 * (NUL, lone surrogates, a megabyte, SQL and HTML injection, prototype keys, wrong types), as a
 * caller the route lets in and as a guest. Whatever comes in: never a 5xx, and every 4xx says why
 * in `{ message }`. A failure prints the route, the caller and fast-check's seed and shrunk input.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 6);
/**
 * CI replays a fixed seed so a red run always means a change broke something; FUZZ_RANDOM=1 (with a
 * larger FUZZ_RUNS) hunts with fresh seeds, and every failure it finds becomes a test of its own.
 */
const SEED = process.env.FUZZ_RANDOM ? undefined : Number(process.env.FUZZ_SEED ?? 20_261_123);

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '%',
  '_%\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999999',
  'null',
  'true',
  '2026-02-30',
  '\u202eevil',
  '🥚'.repeat(50),
];
const MEGABYTE = 'A'.repeat(1024 * 1024);
const BIG = 'é'.repeat(100_000);

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(MEGABYTE, BIG, 'x'.repeat(5001)) },
);
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', '\ud800', ''), fc.string());
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e21, 2147483648, Number.MAX_SAFE_INTEGER, -1e308, 1e308),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileString, { maxKeys: 3 }) },
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
};

/**
 * The numbers that break amounts (0, -1, 1.5, 1e21, the largest safe and finite values) and the
 * schema's own bounds, those the schema lets through: they reach the services and the database's
 * columns, where an overflow would be a 500.
 */
function edgeNumbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? Number.NEGATIVE_INFINITY;
  const max = schema.maximum ?? Number.POSITIVE_INFINITY;
  const edges = [0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, 1e308, schema.minimum, schema.maximum].filter(
    (n): n is number => n !== undefined && n >= min && n <= max && (!integer || Number.isInteger(n)),
  );
  return edges.length > 0 ? fc.constantFrom(...edges) : fc.constant(integer ? Math.ceil(min) : min);
}

/**
 * Input of the documented shape (right types, enums, ranges) carrying hostile strings: it passes
 * validation, so the fuzz reaches services and SQL too, where a 500 would hide.
 */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => shaped(variant, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, shaped(child, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'array':
      return fc.array(shaped(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'string': {
      if (schema.format === 'email') return fc.constantFrom('a@example.com', "o'brien+x@example.com", 'x@x.x');
      const max = schema.maxLength ?? 1_000_000;
      return fc.oneof(hostileString, fc.string({ maxLength: 20 })).map((text) => text.slice(0, max));
    }
    case 'integer':
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.integer({
            min: Math.max(schema.minimum ?? -1e6, -2147483648),
            max: Math.min(schema.maximum ?? 1e6, 2147483647),
          }),
        },
        { weight: 1, arbitrary: edgeNumbers(schema, true) },
      );
    case 'number':
      return fc.oneof(
        { weight: 3, arbitrary: fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true }) },
        { weight: 1, arbitrary: edgeNumbers(schema, false) },
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** A JSON body: of the documented shape with hostile strings, or hostile throughout, or not even JSON. */
function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const fields = Object.keys(schema?.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(fields.map((field) => [field, hostileValue]));
  const documented = fc.record(record, { requiredKeys: [] });
  const object = fc
    .tuple(documented, fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }))
    // Stray keys first so a documented field keeps its (hostile) value; Object.fromEntries keeps "__proto__" as data.
    .map(([known, stray]) => JSON.stringify(Object.fromEntries([...Object.entries(stray), ...Object.entries(known)])));
  return fc.oneof(
    { weight: 6, arbitrary: shaped(schema).map((value) => JSON.stringify(value)) },
    { weight: 4, arbitrary: object },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'null',
        '[]',
        '"text"',
        '42',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{}}}',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '\u0000', '{"a":"\\ud800"}') },
  );
}

/** Percent-encoding that keeps lone surrogates (as WTF-8 bytes), which encodeURIComponent refuses. */
function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    let out = '';
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code >= 0xd800 && code <= 0xdfff) {
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      } else {
        out += encodeURIComponent(value[index] as string);
      }
    }
    return out;
  }
}

let app: TestApp;
let operations: ApiOperation[];
const callers = {} as Record<UserType, TestUser>;
let bodySchemas: Record<string, JsonSchema | undefined> = {};
let querySchemas: Record<string, Record<string, JsonSchema | undefined>> = {};
let realIds: number[] = [];

/** A caller the route lets through its access check, so the fuzz reaches validation and the handler. */
function allowedCaller(operation: ApiOperation): TestUser | undefined {
  const access = operation.declared?.access;
  if (access === undefined || access === 'public') return callers.consumer;
  if (access === 'signed-in') return callers.admin;
  const type = (['admin', 'producer', 'consumer'] as const).find((candidate) => access.includes(candidate));
  return type ? callers[type] : undefined;
}

beforeAll(async () => {
  app = await buildTestApp();
  const [consumer, admin, producer] = await Promise.all([
    buildUser(app),
    buildUser(app, { userType: 'admin' }),
    buildProducer(app),
  ]);
  Object.assign(callers, { consumer, admin, producer });
  realIds = [producer.id, consumer.id, await buildProduct(app, producer)];
  operations = apiOperations(app).filter((operation) => !operation.isMultipart);
  const document = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: { name: string; in: string; schema?: JsonSchema }[];
        }
      >
    >;
  };
  const documented = (operation: ApiOperation) => document.paths[operation.path]?.[operation.method.toLowerCase()];
  bodySchemas = Object.fromEntries(
    operations.map((operation) => [
      `${operation.method} ${operation.path}`,
      documented(operation)?.requestBody?.content?.['application/json']?.schema,
    ]),
  );
  querySchemas = Object.fromEntries(
    operations.map((operation) => [
      `${operation.method} ${operation.path}`,
      Object.fromEntries(
        (documented(operation)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      ),
    ]),
  );
});
afterAll(() => app.closeAll());

describe('API fuzz (fast-check): hostile input never gives a 5xx', () => {
  it('covers the documented routes', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('answers every hostile request below 500, every 4xx with a message', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // FUZZ_ROUTE="GET /api/producers" FUZZ_SEED=<seed from a failure> replays one failure.
    const only = process.env.FUZZ_ROUTE;
    for (const operation of operations.filter((op) => !only || `${op.method} ${op.path}` === only)) {
      // Settings keys other than these would switch maintenance mode on and answer 503 on purpose.
      const keys = fc.constantFrom('general', 'features', 'no-such-key', '\u0000', '\ud800');
      const pathValue = fc.oneof(
        fc.constantFrom('0', '-1', '1.5', '2147483648', '999999', 'abc', ...realIds.map(String)),
        hostileString,
      );
      const queryValue = (name: string) =>
        fc.oneof(
          shaped(querySchemas[`${operation.method} ${operation.path}`]?.[name]).map((value) =>
            typeof value === 'string' ? value : JSON.stringify(value),
          ),
          hostileString,
        );
      const input = fc.record({
        params: fc.record(
          Object.fromEntries(operation.params.map((name) => [name, name === 'key' ? keys : pathValue])) as Record<
            string,
            fc.Arbitrary<string>
          >,
        ),
        query: fc.record(
          Object.fromEntries(operation.query.map((name) => [name, queryValue(name).filter((s) => s.length < 10_000)])) as Record<
            string,
            fc.Arbitrary<string>
          >,
          { requiredKeys: [] },
        ),
        body: operation.hasBody ? hostileBody(bodySchemas[`${operation.method} ${operation.path}`]) : fc.constant(undefined),
        asGuest: fc.boolean(),
      });
      const result = await fc.check(
        fc.asyncProperty(input, async ({ params, query, body, asGuest }) => {
          const caller = asGuest ? undefined : allowedCaller(operation);
          const url =
            operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeAny(params[name] ?? '1')) +
            (Object.keys(query).length
              ? `?${Object.entries(query)
                  .map(([name, value]) => `${name}=${encodeAny(value ?? '')}`)
                  .join('&')}`
              : '');
          const response = await app.inject({
            method: operation.method,
            url,
            headers: {
              ...(caller ? bearer(caller) : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: body }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
          if (response.statusCode >= 400) {
            const message = (response.json() as { message?: unknown }).message;
            if (typeof message !== 'string' || !message) throw new Error(`${response.statusCode} without a message`);
          }
        }),
        {
          numRuns: RUNS_PER_ROUTE,
          endOnFailure: true,
          // The fixed seed (or FUZZ_SEED) in CI; none with FUZZ_RANDOM=1. It was declared but never passed.
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
      if (result.failed) {
        const counterexample = JSON.stringify(result.counterexample)?.slice(0, Number(process.env.FUZZ_PRINT ?? 300));
        failures.push(
          `${operation.method} ${operation.path}: ${String(result.errorInstance)} (seed ${result.seed}) ${counterexample}`,
        );
      }
    }
    // FUZZ_RUNS=200 FUZZ_STATS=1 for a longer hunt that prints how deep the inputs got.
    if (process.env.FUZZ_STATS) console.log('fuzz statuses', Object.fromEntries(statuses));
    expect(failures).toEqual([]);
  }, 180_000);
});
