/** One malformed request: a body (raw text or bytes), its content type, and path or query changes. */
export interface TFuzzCase {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
  /** Replaces the value of these path parameters (raw URL text). */
  params?: Record<string, string>;
  /** Appended to the URL, e.g. '?search=%00'. */
  query?: string;
}

/** JSON text written as is (numbers JSON.stringify cannot write, forbidden keys, deep nesting). */
class Raw {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new Raw(text);

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const LONE = '\ud800';
const JSON_TYPE = 'application/json';
const json = (label: string, value: unknown): TFuzzCase => ({ label, payload: toJson(value), contentType: JSON_TYPE });
const text = (label: string, payload: string | Buffer, contentType = JSON_TYPE): TFuzzCase => ({
  label,
  payload,
  contentType,
});

/** Wrong in any field, and each a known road to a 500: every field gets these alone. */
export const ALWAYS_BAD: ReadonlyArray<[string, unknown]> = [
  ['lone surrogate', `a${LONE}b`],
  ['NUL', 'a\u0000b'],
  ['nested 10,000 levels', raw(deepObject(10_000))],
];

/** Values wrong for nearly any field; each field also gets two of these, in turn. */
export const BAD_VALUES: ReadonlyArray<[string, unknown]> = [
  ['null', null],
  ['array', [1, 'x']],
  ['object', { nested: true }],
  ['negative', -1],
  ['huge number', 1e308],
  ['bigint overflow', raw('92233720368547758070')],
  ['infinity', raw('1e999')],
  ['fraction', 1.5],
  ['boolean', true],
  ['NaN text', 'NaN'],
  ['invalid date', '2026-02-30 25:61'],
  ['long text', 'x'.repeat(20_000)],
  ['nested 40 levels', raw(deepObject(40))],
  ['prototype key', raw('{"__proto__":{"polluted":true}}')],
  ['empty string', ''],
  ['int4 overflow', 2_147_483_648],
];

const COMMON_FIELDS = [
  'id',
  'name',
  'note',
  'notes',
  'description',
  'reason',
  'email',
  'password',
  'phone',
  'status',
  'status_id',
  'order_ids',
  'product_id',
  'products',
  'quantity',
  'price',
  'code',
  'kind',
  'token',
  'source_metadata',
  'customer_full_name',
  'date',
];

/** Leaf paths of a body: ['products', 0, 'quantity'], ... (arrays: their first item). */
export function leafPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.length ? leafPaths(value[0], [...path, 0]) : [path];
  if (value && typeof value === 'object' && Object.keys(value).length) {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

function setAt(body: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const target: Record<string | number, unknown> =
    body && typeof body === 'object' ? (structuredClone(body) as Record<string, unknown>) : {};
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  target[head] = setAt(target[head], rest, value);
  return target;
}

/** Every payload of the route-independent set: wrong shapes, wrong encodings, wrong sizes. */
function wholeBodyCases(seed: object): TFuzzCase[] {
  const boundary = 'fuzz-boundary';
  const part = (disposition: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${content}\r\n`;
  return [
    json('null', null),
    json('array', []),
    json('string', 'string'),
    json('number', 123),
    json('boolean', true),
    text('negative number', '-1'),
    text('infinity', '1e999'),
    text('object nested 10,000 levels', deepObject(10_000)),
    text('array nested 10,000 levels', deepArray(10_000)),
    text('object nested 33 levels', deepObject(33)),
    text('invalid JSON', '{"name":'),
    text('NaN literal', '{"quantity":NaN}'),
    text('empty JSON body', ''),
    { label: 'no body at all' },
    text('byte order mark', `\ufeff${toJson(seed)}`),
    text(
      'invalid UTF-8',
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
    ),
    text('text/plain', 'hello\u0000', 'text/plain'),
    text('form-urlencoded', 'name=%00&id=1', 'application/x-www-form-urlencoded'),
    text('xml', '<order><id>1</id></order>', 'application/xml'),
    text('multipart without boundary', 'x', 'multipart/form-data'),
    text(
      'multipart with a NUL file name and field',
      `${part('name="note"', 'a\u0000b')}${part(`name="file"; filename*=UTF-8''a%00.csv`, 'a,b\n1,2')}--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    ),
    text(
      'multipart cut short',
      part('name="file"; filename="a.csv"', 'a,b'),
      `multipart/form-data; boundary=${boundary}`,
    ),
    text('__proto__ key', '{"__proto__":{"isAdmin":true},"name":"x"}'),
    text('constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}'),
    text('lone surrogate key', `{"\\ud800":1}`),
    text('NUL key', '{"a\\u0000":1}'),
    text('unpaired escape', '{"name":"\\udc00\\ud800"}'),
    json('1.5 MB string', { name: 'x'.repeat(1_500_000) }),
    json('over the body limit', { name: 'x'.repeat(2_200_000) }),
    text('150,000 values', `{"order_ids":[${'0,'.repeat(149_999)}0]}`),
    json('unknown fields', { ...seed, unknown_field: 1, isAdmin: true, tenant_id: 1 }),
    { ...json('query with NUL and a broken escape', seed), query: '?search=%00&page=%ED%A0%80&per_page=%' },
    { ...json('query pollution', seed), query: '?__proto__[polluted]=1&constructor[prototype][x]=1&a[b][c][d]=1' },
  ];
}

const BAD_PARAMS = ['99999999999999999999', '-1', '0', '%00', '%ED%A0%80', 'abc', '1e3', 'x'.repeat(600)];

/**
 * The malformed payloads of one route: the route-independent set, every field of the route set to
 * each kind of wrong value at once, each field alone wrong inside an otherwise valid body (`seed`),
 * and each path parameter replaced by a bad one. `fields` are the names the route's 422 answered.
 */
export function fuzzCases(options: {
  seed: object;
  fields: readonly string[];
  params: readonly string[];
}): TFuzzCase[] {
  const { seed } = options;
  const paths = new Map<string, Array<string | number>>();
  for (const path of [...leafPaths(seed), ...[...options.fields, ...COMMON_FIELDS].map((f) => [f])]) {
    if (path.length) paths.set(path.join('.'), path);
  }
  const everyField = [...ALWAYS_BAD, ...BAD_VALUES].map(([label, value]) =>
    json(
      `every field ${label}`,
      [...paths.values()].reduce<unknown>((body, path) => setAt(body, path, value), seed),
    ),
  );
  const oneField = [...paths.entries()]
    .filter(([name]) => !COMMON_FIELDS.includes(name) || options.fields.includes(name) || name in seed)
    .flatMap(([name, path], i) =>
      [...ALWAYS_BAD, BAD_VALUES[i % BAD_VALUES.length]!, BAD_VALUES[(i + 7) % BAD_VALUES.length]!].map(
        ([label, value]) => json(`${name} = ${label}`, setAt(seed, path, value)),
      ),
    );
  const badParams = options.params.flatMap((param) =>
    BAD_PARAMS.map((value) => ({ ...json(`:${param} = ${value.slice(0, 24)}`, seed), params: { [param]: value } })),
  );
  return [...wholeBodyCases(seed), ...everyField, ...oneField, ...badParams];
}
