import { bagResponseSchema } from '@charms/contracts/bag';
import { productListResponseSchema } from '@charms/contracts/catalog';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SANDBOX_NONCES } from '../src/payments/gateway';
import { staffApi, useTestApp } from './helper';

/**
 * A property-based fuzz of every operation of the OpenAPI document: valid-shaped calls and hostile ones (NUL,
 * halves of surrogate pairs, control characters, huge and odd numbers, wrong types, extra fields, odd path
 * segments and escapes) through app.inject with a real session and bag. Whatever a client sends, the API answers
 * below 500, every 4xx in the one error shape, and no answer shows a stack trace or SQL. Each operation first gets
 * NUL, half a surrogate pair and a control character in each of its text fields in turn, then random calls.
 * Orders are tried but never charged: no card nonce the payment gateway approves is ever sent. The staff calls are
 * fuzzed twice: signed out (all 401), then as a signed-in owner sending the CSRF token.
 *
 * The seed is fixed so a run can be repeated; FUZZ_SEED=<n> tries another one (a failure prints its seed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_OPERATION = 60;
const MIN_REQUESTS = 1_000;

const t = useTestApp();

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const errorShape = z.strictObject({ error: z.strictObject({ code: z.string().min(1), message: z.string().min(1), details: z.unknown().optional() }) });
/** What an answer must never show: a stack frame, a query or a database message. */
const LEAKS = [/\n\s+at .+:\d+:\d+/, /node_modules|\.ts:\d+/, /Failed query|syntax error at or near|violates .* constraint|insert into "|from "|\$\d+::|params:/i];

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u0007\u001b[2J',
  '\u0085',
  '\r\n',
  '\u200b\u202e',
  '💖👨‍👩‍👧',
  'Анна',
  '',
  ' ',
  ' 5',
  '0x10',
  '1e1',
  '-1',
  '1.5',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  "' or '1'='1",
  '"; drop table orders; --',
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'x'.repeat(5_000),
];
/** What broke the shop before: NUL, other control characters and halves of surrogate pairs, alone or inside text. */
const BREAKERS = ['\u0000', '\u0000', '\u0000', '\ud800', '\udc00', '\u0001', '\u007f'];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('', 'WELCOME10', 'Dog Charms', '/products/search/heart', 'Ann'), fc.constantFrom(...BREAKERS)).map(([text, bad]) => `${text}${bad}${text}`) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', '%', '/', '\\', '\u0001'), maxLength: 12 }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e-9) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 'a'], { a: { b: { c: [null] } } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values the shop knows, by field name, so valid-shaped calls reach the code behind validation. */
const known: Record<string, unknown[]> = {
  metalId: [10, 20, 30, 40, 50, '10', '40'],
  braceletSize: [6.5, 7, 7.5, 8, '7', '7.5'],
  code: ['WELCOME10', 'SAVE5', 'SUMMER2020', 'welcome10'],
  path: ['/products/category/Dog-Charms', '/products/category/14k-gold/Dog-Charms', '/products/search/heart', '/products/search?q=dog', '/girl-charm-bracelets', '/categories/charm-tags'],
  objectKey: ['/engraving-guide', '/no-such-page'],
  categoryName: ['Dog Charms', 'Charm Tags'],
  q: ['heart', '14k gold dog', 'hart'],
  shape: ['heart', 'number-7', 'letter-A'],
  file: ['sterling-silver.svg', '14k-gold.svg'],
  shipToStateProvince: ['TX', 'AK', 'PR', 'tx'],
  stateProvince: ['TX', 'CA'],
  email: ['ann@example.com'],
  phone: ['512-555-0142'],
  number: ['CB-100001', 'CB-999999'],
  firstName: ['Ann'],
  lastName: ['Lee'],
  address1: ['100 Congress Ave'],
  city: ['Austin'],
  postalCode: ['78701'],
  paymentMethodNonce: ['fuzz-unknown-nonce', 'tokencc_bf_abc'],
  idempotencyKey: ['fuzz-key-0001', 'fuzz-key-0002'],
  quantity: ['1', '2', '99', '100', '0', 1, 2, 99, 100],
  page: ['1', '2', '40'],
  pageSize: ['1', '48', '96'],
  orderBy: ['Name', 'PriceLowHigh', 'Relevance', 'BestSelling'],
  includeSuggestedItems: ['true', 'false'],
  font: ['block', 'script', 'monogram-block'],
  text: ['Ann', 'Love you', 'A & B'],
  // The listing's filters, the product pictures' design keys and the newsletter's link tokens (valid-shaped, unknown).
  minPrice: ['0', '25', '19.99', '$1,000'],
  maxPrice: ['0.01', '40', '100000'],
  design: ['c.sitting-dog.disc.plain.30', 'c._.heart.plain.20.30', 'p.heart.dog', 'b.box.lobster._.5', 'c.sitting-dog.disc.plain.99'],
  token: ['A'.repeat(43), '00000000-0000-4000-8000-000000000000.' + 'A'.repeat(43)],
};

const plainCharacter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-'.split(''));

function resolve(schema: Schema, doc: { components?: { schemas?: Record<string, Schema> } }): Schema {
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').at(-1)!] ?? {};
}

/**
 * Values for a JSON schema (as fastify-type-provider-zod writes them). `known` first: where the shop knows values
 * for a field, one of them (so valid-shaped calls reach the code behind validation); else, or with `known`
 * false, any value of the schema's shape.
 */
function fromSchema(schema: Schema, doc: object, name = '', preferKnown = true): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, doc);
  const type = Array.isArray(resolved.type) ? resolved.type.find((each) => each !== 'null') : resolved.type;
  const fitting = (known[name] ?? []).filter((value) => (type === 'string' ? typeof value === 'string' : type === 'integer' || type === 'number' ? typeof value === 'number' : true));
  if (preferKnown && fitting.length > 0) return fc.constantFrom(...fitting);
  const shaped = shapeOf(resolved, doc, preferKnown);
  return resolved.nullable ? fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.constant(null) }) : shaped;
}

function shapeOf(schema: Schema, doc: object, preferKnown: boolean): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((part) => fromSchema(part, doc, '', preferKnown)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], doc, '', preferKnown);
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot generate from: plain strings stand in.
        }
      }
      return fc.string({ unit: plainCharacter, minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000, -1_000), max: Math.min(schema.maximum ?? 100_000, 100_000) });
    case 'number':
      return fc.double({ min: -1_000, max: 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, doc, '', preferKnown) : fc.anything(), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fromSchema(property, doc, key, preferKnown)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** A valid-shaped value, or one with a hostile leaf, an extra field, or replaced whole by something hostile. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.constantFrom('keep', 'keep', 'leaf', 'leaf', 'extra', 'whole'), fc.nat(), hostileValue, fc.constantFrom('price', 'metalID', '__proto__', 'totals', 'x'))
    .map(([value, how, pick, bad, extra]) => {
      if (how === 'keep') return value;
      if (how === 'whole') return bad;
      const copy = structuredClone(value);
      const objects: Record<string, unknown>[] = [];
      const collect = (node: unknown) => {
        if (node && typeof node === 'object' && !Array.isArray(node)) {
          objects.push(node as Record<string, unknown>);
          for (const child of Object.values(node)) collect(child);
        }
      };
      collect(copy);
      const target = objects[pick % Math.max(objects.length, 1)];
      if (!target) return bad;
      const keys = Object.keys(target);
      if (how === 'extra' || keys.length === 0) Object.defineProperty(target, extra, { value: bad, enumerable: true, writable: true, configurable: true });
      else target[keys[pick % keys.length]!] = bad;
      return copy;
    });
}

/** A URL path segment: the value encoded, or an escape that decodes to no text, or a segment over the router's limit. */
function segment(value: unknown, raw: string | null): string {
  if (raw !== null) return raw;
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return /[\uD800-\uDFFF]/u.test(text) ? '%ED%A0%80' : encodeURIComponent(text);
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'path'; index: number; value: unknown; raw: string | null }
  | { kind: 'query'; index: number; value: unknown; twice: boolean }
  | { kind: 'session'; who: 'other' | 'broken' | 'none' }
  | { kind: 'body'; value?: unknown }
  | { kind: 'shaped' }
  | { kind: 'form'; form: 'not-json' | 'text' | 'none' };

/**
 * Requests for one operation: a valid-shaped call (values from the schema, or ones the shop knows), then none or
 * one hostile change: a path segment, a query value (or the same parameter twice), the session header, the body
 * (a hostile leaf, an extra field, or something else entirely) or its form (broken JSON, text, none).
 */
function requests(operation: Operation, doc: object, session: { id: string }): { random: fc.Arbitrary<FuzzRequest>; targeted: (seed: number) => FuzzRequest[] } {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const sessionHeader = operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'usersessionid');
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'shaped' as const }) },
    { weight: 1, arbitrary: fc.constantFrom('other' as const, 'broken' as const, 'none' as const).map((who) => ({ kind: 'session' as const, who })) },
  ];
  if (pathParameters.length > 0) {
    const raw = fc.option(fc.constantFrom('%ED%A0%80', '%C0%80', '%', '%2F', '..', 'x'.repeat(150)), { freq: 3 });
    mutations.push({ weight: 4, arbitrary: fc.record({ kind: fc.constant('path' as const), index: fc.nat(pathParameters.length - 1), value: hostileValue, raw }) });
  }
  if (queryParameters.length > 0) {
    mutations.push({ weight: 4, arbitrary: fc.record({ kind: fc.constant('query' as const), index: fc.nat(queryParameters.length - 1), value: hostileValue, twice: fc.boolean() }) });
  }
  if (operation.body) {
    mutations.push({ weight: 4, arbitrary: fc.constant({ kind: 'body' as const }) });
    mutations.push({ weight: 1, arbitrary: fc.constantFrom('not-json' as const, 'text' as const, 'none' as const).map((form) => ({ kind: 'form' as const, form })) });
  }
  const parts = fc.record({
      path: fc.tuple(...pathParameters.map((parameter) => fromSchema(parameter.schema, doc, parameter.name))),
      query: fc.tuple(...queryParameters.map((parameter) => (parameter.required ? fromSchema(parameter.schema, doc, parameter.name) : fc.option(fromSchema(parameter.schema, doc, parameter.name), { freq: 2 })))),
      body: operation.body ? fromSchema(operation.body, doc) : fc.constant(undefined),
      shapedPath: fc.tuple(...pathParameters.map((parameter) => fromSchema(parameter.schema, doc, parameter.name, false))),
      shapedQuery: fc.tuple(...queryParameters.map((parameter) => (parameter.required ? fromSchema(parameter.schema, doc, parameter.name, false) : fc.option(fromSchema(parameter.schema, doc, parameter.name, false), { freq: 2 })))),
      shapedBody: operation.body ? fromSchema(operation.body, doc, '', false) : fc.constant(undefined),
      hostileBody: operation.body ? mutated(fromSchema(operation.body, doc)) : fc.constant(undefined),
  });
  type Parts = typeof parts extends fc.Arbitrary<infer T> ? T : never;
  const build = ({ path: knownPath, query: knownQuery, body: knownBody, shapedPath, shapedQuery, shapedBody, hostileBody }: Parts, mutation: Mutation): FuzzRequest => {
      const shaped = mutation.kind === 'shaped';
      const [path, query, body] = shaped ? [shapedPath, shapedQuery, shapedBody] : [knownPath, knownQuery, knownBody];
      let url = operation.path;
      pathParameters.forEach((parameter, index) => {
        const changed = mutation.kind === 'path' && mutation.index === index;
        url = url.replace(`{${parameter.name}}`, segment(changed ? mutation.value : path[index], changed ? mutation.raw : null));
      });
      const pairs: string[] = [];
      queryParameters.forEach((parameter, index) => {
        const changed = mutation.kind === 'query' && mutation.index === index;
        const value = changed ? mutation.value : query[index];
        if (value === null || value === undefined) return;
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        const encoded = /[\uD800-\uDFFF]/u.test(text) ? '%ED%A0%80' : encodeURIComponent(text);
        pairs.push(`${parameter.name}=${encoded}`);
        if (changed && mutation.twice) pairs.push(`${parameter.name}=${encoded}`);
      });
      if (pairs.length > 0) url += `?${pairs.join('&')}`;
      const headers: Record<string, string> = {};
      const who = mutation.kind === 'session' ? mutation.who : 'mine';
      if (sessionHeader || who === 'broken') {
        if (who === 'mine') headers.usersessionid = session.id;
        if (who === 'other') headers.usersessionid = '0b7c2a4e-3f1d-4c8e-9a6b-5d2e1f0a9b8c';
        if (who === 'broken') headers.usersessionid = "1' or '1'='1";
      }
      const form = mutation.kind === 'form' ? mutation.form : 'json';
      if (!operation.body || form === 'none') return { method: operation.method, url, headers };
      if (form === 'text') return { method: operation.method, url, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' };
      const sent = mutation.kind === 'body' ? ('value' in mutation ? mutation.value : hostileBody) : body;
      // No approved card: a fuzzed order may be tried and declined, never placed.
      const order = sent as { paymentMethodNonce?: unknown } | null;
      if (order && typeof order === 'object' && typeof order.paymentMethodNonce === 'string' && Object.hasOwn(SANDBOX_NONCES, order.paymentMethodNonce)) {
        order.paymentMethodNonce = 'fuzz-unknown-nonce';
      }
      const payload = form === 'not-json' ? '{"metalId": 40,' : (JSON.stringify(sent) ?? 'null');
      return { method: operation.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload };
  };
  return {
    random: fc.tuple(parts, fc.oneof(...mutations)).map(([drawn, mutation]) => build(drawn, mutation)),
    /** A valid call with NUL, half a surrogate pair and a control character put in each text parameter and body field in turn. */
    targeted(seed: number): FuzzRequest[] {
      const [base] = fc.sample(parts, { seed, numRuns: 1 });
      if (!base) return [];
      const spoil = (value: unknown, breaker: string) => `${typeof value === 'string' ? value : 'x'}${breaker}${typeof value === 'string' ? value : ''}`;
      return BREAKERS.filter((breaker, index) => BREAKERS.indexOf(breaker) === index).flatMap((breaker) => [
        ...pathParameters.map((_, index) => build(base, { kind: 'path', index, value: spoil(base.path[index], breaker), raw: null })),
        ...queryParameters.map((_, index) => build(base, { kind: 'query', index, value: spoil(base.query[index], breaker), twice: false })),
        ...stringLeaves(base.body).map((leaf) => build(base, { kind: 'body', value: leaf(breaker) })),
      ]);
    },
  };
}

/** For each string in a JSON value: a function giving a copy of the value with that string spoiled by a breaker. */
function stringLeaves(root: unknown): ((breaker: string) => unknown)[] {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') paths.push(at);
    else if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...at, index]));
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
  };
  walk(root, []);
  return paths.map((at) => (breaker: string) => {
    if (at.length === 0) return `${String(root)}${breaker}`;
    const copy = structuredClone(root) as Record<string | number, unknown>;
    let node = copy;
    for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = at.at(-1)!;
    node[last] = `${String(node[last])}${breaker}${String(node[last])}`;
    return copy;
  });
}

describe('every OpenAPI operation, fuzzed', () => {
  it(`answers below 500, 4xx in the error shape, with no stack trace or SQL (seed ${SEED})`, async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>> };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      })),
    );
    expect(operations.length).toBeGreaterThan(20);
    // The calls added with the listing filters, the product pictures and the newsletter are in the document, so fuzzed.
    const fuzzed = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(fuzzed).toEqual(
      expect.arrayContaining(['GET /api/images/products/v1/{design}/{file}', 'POST /api/newsletter/subscriptions', 'POST /api/newsletter/confirm', 'POST /api/newsletter/unsubscribe']),
    );
    expect(operations.find((operation) => operation.path === '/api/products')?.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['kind', 'minPrice', 'maxPrice']),
    );

    // A shopper with a bag: a charm and an engraved tag, so line and engraving ids in paths can be real ones.
    const session = ((await t.app.inject({ method: 'POST', url: '/api/user-session' })).json() as { id: string });
    const first = (path: string) => t.app.inject(`/api/products?path=${path}&pageSize=1`).then((response) => productListResponseSchema.parse(response.json()).products[0]!);
    const [charm, tag] = await Promise.all([first('/products/category/Dog-Charms'), first('/products/category/charm-tags')]);
    const add = (body: object) => t.app.inject({ method: 'POST', url: '/api/shopping-cart/items', headers: { usersessionid: session.id }, payload: body });
    known.productId = [charm.id, tag.id, charm.id, tag.id, 999_999];
    /** The bag as each operation's fuzz starts: a charm and an engraved tag, whatever the last operation did to it. */
    async function refill() {
      await t.app.inject({ url: '/api/shopping-cart/empty', headers: { usersessionid: session.id } });
      expect((await add({ productId: charm.id, metalId: 40 })).statusCode).toBe(200);
      expect((await add({ productId: tag.id, metalId: 40, engraving: { text: 'Ann', font: 'script' } })).statusCode).toBe(200);
      const lines = bagResponseSchema.parse((await t.app.inject({ url: '/api/shopping-cart', headers: { usersessionid: session.id } })).json()).tempOrder.tempOrderItems;
      known.itemUuid = lines.map((line) => line.itemUuid);
      known.itemSpecificUuid = lines.flatMap((line) => line.itemSpecifics.map((specific) => specific.itemSpecificUuid));
    }

    let sent = 0;
    let signedInAnswers = 0;
    const failures: string[] = [];
    // The staff calls, again as a signed-in owner with the CSRF token (without a session they only answer 401).
    const signedIn = operations.filter((operation) => /^\/api\/(admin|account)/.test(operation.path) && operation.path !== '/api/account/authenticate');
    expect(signedIn.length).toBeGreaterThan(10);
    const runs = [...operations.map((operation) => ({ operation, staff: false })), ...signedIn.map((operation) => ({ operation, staff: true }))];
    for (const [index, { operation, staff }] of runs.entries()) {
      await refill();
      // A fresh staff session for each operation: one of them signs out, others may disable accounts.
      const owner = staff ? await staffApi(t) : undefined;
      // Every operation is fuzzed even when one fails, so a run lists all that answer badly.
      const generated = requests(operation, doc, session);
      const targeted = generated.targeted(SEED + index);
      await fc.assert(
        fc.asyncProperty(generated.random, async (request) => {
          sent++;
          const response = await t.app.inject(
            owner
              ? { ...request, cookies: { staff_session: owner.session, 'XSRF-TOKEN': owner.csrf }, headers: { ...request.headers, 'x-xsrf-token': owner.csrf } }
              : request,
          );
          if (owner && response.statusCode !== 401) signedInAnswers++;
          const seen = `${request.method} ${request.url} ${request.payload ?? ''} -> ${response.statusCode} ${response.body.slice(0, 500)}`;
          expect(response.statusCode, seen).toBeLessThan(500);
          if (response.statusCode >= 400) expect(errorShape.safeParse(response.json()).success, seen).toBe(true);
          for (const leak of LEAKS) expect(response.body, seen).not.toMatch(leak);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION + targeted.length, examples: targeted.map((request) => [request]), endOnFailure: true },
      ).catch((error: Error) => failures.push(`${operation.method} ${operation.path}${staff ? ' (signed in)' : ''} (seed ${SEED + index}):\n${error.message.slice(0, 2_000)}`));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // The signed-in pass reached the staff calls themselves, not only the guard.
    expect(signedInAnswers).toBeGreaterThan(signedIn.length * RUNS_PER_OPERATION * 0.5);
  }, 240_000);
});
