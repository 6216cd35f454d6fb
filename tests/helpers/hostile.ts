import fc from 'fast-check';

/**
 * Hostile input for the API fuzz (tests/integration/api-fuzz.test.ts): values, mutations of valid
 * requests and the ways a body can be sent wrong. Bodies start from a request that would succeed
 * and have a few leaves broken, so most requests get past the first check and test the next one.
 */

/** JSON text sent exactly as written: numbers JSON.stringify cannot write (-0, 1e999), deep nests. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Like JSON.stringify, but RawJson is written as is and own `__proto__` keys are kept. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Characters and fragments that have broken servers: controls, half emoji, non-characters, injections. */
export const FRAGMENTS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009b',
  '\ud800',
  '\udfff',
  '\udc36\ud83d',
  '\uffff',
  '\ufffe',
  '\ufdd0',
  '\u{10ffff}',
  '\u{1fffe}',
  '\r\n',
  '\r',
  '\n',
  '\t',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  'e\u0301',
  '🐶',
  '👩‍👩‍👧',
  '%00',
  '%',
  '%ZZ',
  '\\u0000',
  '\\',
  '"',
  "'",
  '../',
  '..\\',
  '/',
  '<script>alert(1)</script>',
  "'; DROP TABLE bookings; --",
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'true',
  '[]',
  '{}',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS, '', ' ', '   ') },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('Rex', 'Sam Jones', 'full', '2026-12-01'), fc.constantFrom(...FRAGMENTS), fc.boolean())
      .map(([base, bad, before]) => (before ? bad + base : base + bad)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Around every bound of the schemas: 40, 64, 80, 128, 200, 254, 256, 500, 1024, 2048.
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(39, 40, 41, 64, 65, 80, 81, 128, 129, 255, 256, 257, 500, 501, 1025, 2049, 3300)
      .map((n) => 'x'.repeat(n)),
  },
);

/** Numbers at and past every edge, some only writable as raw JSON. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    new RawJson('1e308'),
    new RawJson('-1e308'),
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('-0'),
    new RawJson('-0.0'),
    new RawJson('1e-400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.1e1'),
    new RawJson('1E2'),
    0,
    -1,
    0.5,
    0.49,
    100,
    100.05,
    11.95,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1.5,
    62,
    63,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A deep nest: parsers and validators that recurse are where this hurts. */
export const deepNest: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.boolean())
  .map(
    ([depth, array]) =>
      new RawJson(array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth)),
  );

export const pollution: fc.Arbitrary<RawJson> = fc.constantFrom(
  new RawJson('{"__proto__":{"polluted":"yes"}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  new RawJson('{"__proto__":null,"toString":"x","valueOf":1,"hasOwnProperty":"x"}'),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['x'], { '': '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNest },
  { weight: 1, arbitrary: pollution },
);

// ---- mutating a valid value ------------------------------------------------------------------

type Path = Array<string | number>;

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  }
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  Object.defineProperty(parent, path[path.length - 1]!, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
}

type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'inject'; at: number; fragment: string; position: number }
  | { kind: 'retype'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'price', 'status', 'privileges', 'id', '_id', ''),
        fc.string({ maxLength: 12 }),
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('inject' as const),
      at: fc.nat(),
      fragment: fc.constantFrom(...FRAGMENTS),
      position: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }) },
);

function retype(value: unknown): unknown {
  if (typeof value === 'string') return Number.isNaN(Number(value)) ? [value] : Number(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 0;
  // undefined: a hole an earlier 'delete' left in an array.
  if (value === null || value === undefined) return 'null';
  return Array.isArray(value) ? { 0: value[0] } : Object.values(value as object);
}

/**
 * A deep copy that keeps RawJson as it is. Values drawn with fc.constantFrom are the same objects
 * every time, so a mutation must work on copies, or it would change the constant for later runs
 * (and could make it contain itself).
 */
function copy<T>(value: T): T {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: copy(v), enumerable: true, writable: true, configurable: true });
  return out as T;
}

export function applyMutations(valid: unknown, mutations: readonly Mutation[]): unknown {
  let root = copy(valid);
  for (const m of mutations.map(copy)) {
    const paths = pathsOf(root);
    const path = paths[m.at % paths.length]!;
    const node = getAt(root, path);
    switch (m.kind) {
      case 'replace':
        root = setAt(root, path, m.value);
        break;
      case 'delete':
        if (path.length)
          delete (getAt(root, path.slice(0, -1)) as Record<string | number, unknown>)[path[path.length - 1]!];
        break;
      case 'extra': {
        // Only objects take keys: JSON has no way to give an array one.
        const isObject = (v: unknown): v is object =>
          v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson);
        const target = isObject(node) ? node : path.length ? getAt(root, path.slice(0, -1)) : null;
        if (isObject(target)) setAt(target, [m.key], m.value);
        break;
      }
      case 'inject':
        if (typeof node === 'string') {
          const at = m.position % (node.length + 1);
          root = setAt(root, path, node.slice(0, at) + m.fragment + node.slice(at));
        } else root = setAt(root, path, m.fragment);
        break;
      case 'retype':
        root = setAt(root, path, retype(node));
        break;
    }
  }
  return root;
}

/** One to three mutations, for applyMutations. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(mutation, { minLength: 1, maxLength: 3 });

/** Valid values (weight `validWeight`) or the same values with one to three leaves broken. */
export function hostileVariants<T>(valid: fc.Arbitrary<T>, validWeight = 2): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: validWeight, arbitrary: valid as fc.Arbitrary<unknown> },
    { weight: 5, arbitrary: fc.tuple(valid, mutations).map(([v, ms]) => applyMutations(v, ms)) },
  );
}

// ---- sending a body --------------------------------------------------------------------------

const encoder = new TextEncoder();

/** Bytes that are not UTF-8: a lone continuation byte, an overlong NUL, an encoded surrogate, 0xFF. */
const BAD_UTF8 = [[0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]];

/** How a JSON value goes on the wire: mostly as JSON, sometimes cut short, mis-encoded or too big. */
export function bodyOf(value: fc.Arbitrary<unknown>, limit = 16 * 1024): fc.Arbitrary<string | Uint8Array> {
  const text = value.map(toJsonText);
  return fc.oneof(
    { weight: 40, arbitrary: text },
    { weight: 2, arbitrary: fc.tuple(text, fc.nat()).map(([t, n]) => t.slice(0, n % Math.max(t.length, 1))) },
    {
      weight: 2,
      arbitrary: fc.tuple(text, fc.nat(), fc.constantFrom(...BAD_UTF8)).map(([t, n, bad]) => {
        const bytes = encoder.encode(t);
        const at = n % (bytes.length + 1);
        return Uint8Array.from([...bytes.slice(0, at), ...bad, ...bytes.slice(at)]);
      }),
    },
    { weight: 1, arbitrary: text.map((t) => `\ufeff${t}`) },
    // Valid JSON padded past the limit with whitespace: only the size is wrong.
    { weight: 1, arbitrary: text.map((t) => t + ' '.repeat(limit + 1)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', 'null', '[]', '{}', '{', '"', 'true', '0', '{"a":1,"a":2}', '\u0000', ' '),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 600 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  );
}

// ---- headers ---------------------------------------------------------------------------------

// What a client can put in a header: Latin-1 without NUL, CR or LF (fetch refuses those).
const headerChar = fc
  .integer({ min: 0x01, max: 0xff })
  .filter((c) => c !== 0x0a && c !== 0x0d)
  .map((c) => String.fromCharCode(c));
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 80 }),
  fc.string({ unit: headerChar, minLength: 100, maxLength: 6000 }),
  fc.constantFrom(
    '',
    'null',
    '{}',
    'A'.repeat(22),
    'A'.repeat(43),
    'A'.repeat(129),
    '%7B%22url%22%3A1%7D',
    '%7B%00',
    '\u0085',
    '\u00ff',
  ),
  fc
    .record({ url: fc.string({ maxLength: 3000 }), path: fc.string({ maxLength: 1100 }) })
    .map((v) => JSON.stringify(v).replace(/[^\x20-\xff]/g, '?')),
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  '',
  'application/jsonx',
  'APPLICATION/JSON',
];
