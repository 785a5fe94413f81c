// Every route of the OpenAPI document, fed bad input the way a broken client or a hostile one would send it: malformed
// JSON, bodies of the wrong type, wrong types in every field, missing fields, out-of-range and non-finite numbers,
// numbers past PostgreSQL's int4, NUL and control characters, oversized bodies, text that is not valid Unicode (lone
// surrogates, bytes that are not UTF-8) in every text field. No answer may be a 5xx, and a refused change stores nothing
// (the user-writable tables are the same before and after).
import { gzipSync } from 'node:zlib';
import { Check } from 'typebox/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchemas, validFor, type JsonSchema } from './helpers/openapi-schema.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { BAD_IN_URL } from './helpers/bad-input.ts';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

/** Values the demo world knows, tried in turn for a string with a pattern. */
const KNOWN = [
  'QHZN',
  'SGSIN',
  'V-QHZN',
  'AEX',
  'N001',
  'vessel',
  'Y',
  'V',
  'P',
  '1',
  'E',
  '2026-11-26',
  '20261126',
  '2026-11-26T00:00:00Z',
  'https://push.example/x',
  'x',
];

/** A value the schema accepts, so that one bad field is what a request tests. */
const valid = (s: JsonSchema | undefined): unknown => validFor(s, KNOWN);

/** Whether a parameter's schema takes this value as it travels in a URL (numbers as written, not coerced loosely). */
function takes(schema: JsonSchema, encoded: string): boolean {
  let text: string;
  try {
    text = decodeURIComponent(encoded);
  } catch {
    return false;
  }
  const branches = schema.anyOf ?? [schema];
  return branches.some((b) => {
    const type = Array.isArray(b.type) ? b.type[0] : b.type;
    if (type === 'integer' || type === 'number') {
      if (!(type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(text)) return false;
      return Check(b as never, Number(text));
    }
    if (type === 'boolean') return text === 'true' || text === 'false';
    if (type === 'array') return Check(b as never, text.split(','));
    return Check(b as never, text);
  });
}

/**
 * Taken as the server reads them, not refused (only never a 5xx): a number in hexadecimal (Ajv reads "0x10" as 16),
 * a malformed escape (the query parser keeps it as written), nothing at all (an optional parameter left out, or a
 * route of its own without the path segment).
 */
const LENIENT = ['0x10', '%E0%A4%A', ''];

/** A placeholder in a JSON body replaced by raw JSON text that no JavaScript value serializes to (1e999). */
const RAW = '__raw__';
const BAD_IN_BODY: unknown[] = [
  true,
  null,
  [],
  {},
  ['x'],
  'x',
  '',
  1.5,
  -1,
  0,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  '\u0000',
  'a\u0000b',
  '\u0001\u001f',
  'x'.repeat(70_000),
  `${RAW}1e999`,
  `${RAW}-1e999`,
];

const jsonText = (body: unknown): string =>
  JSON.stringify(body).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), '$1');

/**
 * Text that is not valid Unicode, as JSON carries it (JSON.stringify writes an unpaired surrogate as its escape):
 * a high surrogate, a low one, a pair the wrong way round, a high one at the end.
 */
const LONE_SURROGATES = ['\ud800', '\udc00', '\udc00\ud800', 'text\ud83d'];
/** The same in a URL: a surrogate's UTF-8 bytes percent-encoded, which decodeURIComponent refuses, and a stray byte. */
const LONE_IN_URL = ['%ED%A0%80', '%ED%B0%80', '%ED%B0%80%ED%A0%80', 'text%ED%A0%BD', '%FF'];

type FieldPath = (string | number)[];
const fieldName = (path: FieldPath): string =>
  path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');

/** Every text field of a body schema (at any depth, array items as [0]), as paths. */
function textFields(s: JsonSchema | undefined, at: FieldPath = [], out: FieldPath[] = []): FieldPath[] {
  if (!s) return out;
  const types = [s.type ?? [], ...(s.anyOf ?? []).map((b) => b.type ?? [])].flat();
  if (types.includes('string')) out.push(at);
  const items = s.prefixItems ?? (s.items ? [s.items] : []);
  for (const [i, item] of items.entries()) textFields(item, [...at, i], out);
  for (const [name, p] of Object.entries(s.properties ?? {})) textFields(p, [...at, name], out);
  return out;
}

/** A value the schema accepts, with `bad` at `path` (the objects and items on the way made valid). */
function validWith(s: JsonSchema | undefined, path: FieldPath, bad: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return bad;
  const branch = s?.anyOf?.find((b) => b.type !== 'null') ?? s;
  if (typeof head === 'number') {
    const list = [...(valid(branch) as unknown[])];
    const item = branch ? itemSchemas(branch)[head] || branch.items || undefined : undefined;
    list[head] = validWith(item, rest, bad);
    return list;
  }
  return { ...(valid(branch) as object), [head]: validWith(branch?.properties?.[head], rest, bad) };
}

let s: TestServer;
let routes: Route[] = [];

/** The tables a user's request may write: their row counts and a hash of their rows. */
const WRITABLE = [
  'mutations',
  'notifications',
  'notification_settings',
  'user_devices',
  'chat_messages',
  'chat_reads',
  'chat_members',
  'event_remarks',
  'vessel_memos',
  'next_docks',
  'widget_flags',
  'app_history',
  'analytics_event',
  'user_relations',
  'sync_clock',
  'calendar_links',
];
async function stored(): Promise<string> {
  const parts = WRITABLE.map(
    (t) => `(SELECT count(*) || ':' || coalesce(sum(hashtext(x::text)), 0) FROM ${t} x)`,
  );
  const rows = await s.db.query<{ v: string }>(`SELECT concat_ws('|', ${parts.join(', ')}) AS v`);
  return rows[0]?.v ?? '';
}

const problems: string[] = [];
let sent = 0;

/** One request; a 5xx is a problem, and so is a refused change that left something stored. */
async function attempt(
  route: Route,
  what: string,
  url: string,
  payload?: string | Buffer,
  headers: Record<string, string> = {},
  /** The value breaks its schema: the server must refuse it (a 2xx would mean it was converted or let through). */
  mustRefuse = false,
  /** Text that is not valid Unicode: the answer must be a 400 whose message names this field. */
  notUnicode?: string,
): Promise<void> {
  const changes = route.method !== 'GET';
  const before = changes ? await stored() : '';
  const token = await s.token('staff');
  const res = await s.app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      'x-auth-token': token,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  sent++;
  if (res.statusCode >= 500)
    problems.push(`${route.method} ${route.path} ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
  if (
    notUnicode !== undefined &&
    (res.statusCode !== 400 ||
      !res.json<{ message: string }>().message.startsWith(`${notUnicode} must be text of valid Unicode`))
  )
    problems.push(
      `${route.method} ${route.path} ${what}: not refused naming ${notUnicode}: ${res.statusCode} ${res.body.slice(0, 160)}`,
    );
  if (mustRefuse && res.statusCode < 400)
    problems.push(
      `${route.method} ${route.path} ${what}: its schema refuses it, the server answered ${res.statusCode}`,
    );
  if (changes && res.statusCode >= 400 && (await stored()) !== before)
    problems.push(
      `${route.method} ${route.path} ${what}: refused (${res.statusCode}) but something was stored`,
    );
}

function urlOf(route: Route, values: Record<string, string>): string {
  const params = route.op.parameters ?? [];
  let path = route.path;
  for (const p of params.filter((x) => x.in === 'path'))
    path = path.replace(`{${p.name}}`, values[p.name] ?? encodeURIComponent(String(valid(p.schema))));
  const query = params
    .filter((p) => p.in === 'query' && (p.required || p.name in values))
    .map((p) => `${p.name}=${values[p.name] ?? encodeURIComponent(String(valid(p.schema)))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => s.close());

/** What a request's schema leaves open: numbers without both bounds, text that may hold NUL. */
function openings(s: JsonSchema | undefined, at: string, out: string[]): string[] {
  if (!s) return out;
  for (const b of s.anyOf ?? []) openings(b, at, out);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if ((type === 'integer' || type === 'number') && s.const === undefined && !s.enum)
    if (s.minimum === undefined || s.maximum === undefined) out.push(`${at}: a number without both bounds`);
  if (type === 'string' && s.const === undefined && !s.enum && !s.pattern && !s.format)
    out.push(`${at}: text with no pattern (NUL and control characters pass)`);
  if (type === 'array')
    for (const i of s.prefixItems ?? (s.items ? [s.items] : [])) openings(i, `${at}[]`, out);
  for (const [name, p] of Object.entries(s.properties ?? {})) openings(p, `${at}.${name}`, out);
  return out;
}

describe('every route of the OpenAPI document under bad input', () => {
  it('bounds every number of a request to its column, and keeps NUL out of every text', () => {
    const open = routes.flatMap((r) => {
      const where = `${r.method} ${r.path}`;
      const out: string[] = [];
      for (const p of r.op.parameters ?? []) openings(p.schema, `${where} ${p.in} ${p.name}`, out);
      openings(r.op.requestBody?.content['application/json']?.schema, `${where} body`, out);
      return out;
    });
    expect(open).toEqual([]);
  });

  it('answers each bad parameter, body and field with a 4xx or a 2xx, never a 5xx, and a refusal stores nothing', async () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      // Each path and query parameter in turn, the others valid.
      for (const p of route.op.parameters ?? []) {
        if (p.in === 'header') continue;
        const body = route.op.requestBody?.content['application/json']?.schema;
        for (const bad of BAD_IN_URL)
          await attempt(
            route,
            `${p.in} ${p.name}=${bad.slice(0, 20)}`,
            urlOf(route, { [p.name]: bad }),
            body ? jsonText(valid(body)) : undefined,
            {},
            !takes(p.schema, bad) && !LENIENT.includes(bad),
          );
      }
      const schema = route.op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const url = urlOf(route, {});
      // The body as a whole: malformed, of the wrong type, empty, far too large.
      for (const raw of [
        '{',
        '{"a":',
        '[]',
        '"x"',
        'null',
        '1',
        'true',
        '{}',
        `{"x":"${'y'.repeat(3_000_000)}"}`,
      ])
        await attempt(route, `body ${raw.slice(0, 12)}`, url, raw);
      await attempt(route, 'body as text/plain', url, jsonText(valid(schema)), {
        'content-type': 'text/plain',
      });
      // Each field in turn: each bad value, and missing.
      const base = valid(schema);
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        const fields = Object.keys(schema.properties ?? {});
        for (const field of fields) {
          const fieldSchema = schema.properties?.[field] ?? {};
          for (const bad of BAD_IN_BODY) {
            const text = jsonText({ ...base, [field]: bad });
            const parsed = (JSON.parse(text) as Record<string, unknown>)[field];
            await attempt(
              route,
              `field ${field}=${JSON.stringify(bad)?.slice(0, 20)}`,
              url,
              text,
              {},
              !Check(fieldSchema as never, parsed),
            );
          }
          const { [field]: _gone, ...without } = base as Record<string, unknown>;
          await attempt(
            route,
            `field ${field} missing`,
            url,
            jsonText(without),
            {},
            schema.required?.includes(field) ?? false,
          );
        }
      }
    }
    // Headers and cookies a client should never send, on every route: a NUL or control character decoded from a
    // cookie, a token that is not one, keys and validators far too long or not text.
    const BAD_HEADERS: Record<string, string>[] = [
      { cookie: 'quay_sid=%00' },
      { cookie: `quay_sid=${'%01'.repeat(200)}` },
      { cookie: `quay_sid=${'x'.repeat(5000)}` },
      { 'x-auth-token': 'a.b.c' },
      { 'x-auth-token': '%00' },
      { 'idempotency-key': 'x'.repeat(5000) },
      { 'idempotency-key': '%00' },
      { 'if-none-match': `"${'%00'.repeat(10)}"` },
      { 'if-none-match': 'W/'.repeat(3000) },
      // A surrogate's UTF-8 bytes: Node reads a header as Latin-1, and a cookie keeps an escape it cannot decode.
      { 'x-auth-token': '\xed\xa0\x80' },
      { 'idempotency-key': '\xed\xa0\x80' },
      { 'if-none-match': '"\xed\xa0\x80"' },
      { cookie: 'quay_sid=%ED%A0%80' },
    ];
    for (const route of [...routes, { method: 'POST', path: '/sso/login', op: {} }])
      for (const headers of BAD_HEADERS)
        await attempt(
          route,
          `header ${JSON.stringify(headers).slice(0, 40)}`,
          urlOf(route, {}),
          undefined,
          headers,
        );
    console.log(`fuzz: ${routes.length} routes, ${sent} requests, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 600_000);
  it('refuses text that is not valid Unicode in every text field of every route with a 400 naming it, storing nothing', async () => {
    const start = sent;
    const before = problems.length;
    const touched = new Set<string>();
    const fields = { path: 0, query: 0, body: 0 };
    for (const route of routes) {
      const schema = route.op.requestBody?.content['application/json']?.schema;
      const body = schema ? jsonText(valid(schema)) : undefined;
      for (const p of route.op.parameters ?? []) {
        if (p.in === 'header') continue;
        fields[p.in]++;
        touched.add(`${route.method} ${route.path}`);
        const field = `${p.in === 'path' ? 'params' : 'querystring'}.${p.name}`;
        for (const bad of LONE_IN_URL)
          await attempt(route, `${field}=${bad}`, urlOf(route, { [p.name]: bad }), body, {}, true, field);
      }
      if (!schema) continue;
      const url = urlOf(route, {});
      for (const path of textFields(schema)) {
        fields.body++;
        touched.add(`${route.method} ${route.path}`);
        const field = `body${fieldName(path)}`;
        for (const bad of LONE_SURROGATES)
          await attempt(
            route,
            `${field}=${JSON.stringify(bad)}`,
            url,
            JSON.stringify(validWith(schema, path, bad)),
            {},
            true,
            field,
          );
      }
      // A key, and bytes that are not UTF-8 (the parser would read them as U+FFFD).
      touched.add(`${route.method} ${route.path}`);
      const base = valid(schema);
      if (base && typeof base === 'object' && !Array.isArray(base))
        await attempt(
          route,
          'a key',
          url,
          JSON.stringify({ ...base, '\ud800': 'x' }),
          {},
          true,
          'body key "\\ud800"',
        );
      const text = JSON.stringify(validWith(schema, textFields(schema)[0] ?? [], 'x\u0001'));
      const [head = '', tail = ''] = text.split('\\u0001');
      const notUtf8 = Buffer.concat([Buffer.from(head), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(tail)]);
      await attempt(route, 'bytes not UTF-8', url, notUtf8, {}, true, 'body');
      // The same compressed, as the app sends its batched pushes: checked once the encoding is undone.
      await attempt(
        route,
        'bytes not UTF-8, gzip',
        url,
        gzipSync(notUtf8),
        { 'content-encoding': 'gzip' },
        true,
        'body',
      );
    }
    const requests = sent - start;
    const count = fields.path + fields.query + fields.body;
    console.log(
      `fuzz, text not valid Unicode: ${touched.size} of ${routes.length} routes, ${count} text fields (${fields.path} path, ` +
        `${fields.query} query, ${fields.body} body), ${requests} requests, ${problems.length - before} problems`,
    );
    expect(touched.size).toBeGreaterThan(60);
    expect(problems.slice(before)).toEqual([]);
  }, 600_000);
});
