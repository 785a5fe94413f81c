// The OpenAPI document as outside clients read it: Redocly's recommended rules find no error in it, every schema
// compiles under a JSON Schema 2020-12 validator (OpenAPI 3.1's), and every 4xx a route answers is documented.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validFor, type JsonSchema } from './helpers/openapi-schema.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

interface Content {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: Content;
  responses: Record<string, Content>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

let s: TestServer;
let source = '';
let doc: Document;
const operations = (): { method: string; path: string; op: Operation }[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

beforeAll(async () => {
  s = await startTestServer();
  source = (await s.app.inject('/api/docs/openapi.json')).body;
  doc = JSON.parse(source) as Document;
});
afterAll(() => s.close());

describe("Redocly's recommended rules", () => {
  it('find no error in the document', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.log(`OpenAPI lint (Redocly recommended): ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });

  it('names every operation once, by its method and path', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const ais = doc.paths['/api/v2/app/vessel/ais-history']?.get;
    expect(ais?.operationId).toBe('getVesselAisHistory');
  });

  it('declares who may call: the token under the API, the session cookie where it is sent, none on the feeds', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      if (path.startsWith('/api/v2/app/')) expect(op.security, where).toEqual([{ token: [] }]);
      else if (path === '/IBP_REFRESH.do')
        expect(op.security, where).toEqual([{ session: [] }, { token: [] }, {}]);
      else expect(op.security, where).toEqual([]);
    }
  });
});

describe('every schema of the document', () => {
  it('compiles under JSON Schema 2020-12, tuples as prefixItems', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const schemas: [string, JsonSchema][] = Object.entries(doc.components.schemas).map(([k, v]) => [
      `#/components/schemas/${k}`,
      v,
    ]);
    for (const { method, path, op } of operations()) {
      for (const p of op.parameters ?? [])
        if (p.schema) schemas.push([`${method} ${path} ${p.name}`, p.schema]);
      for (const [where, c] of [['body', op.requestBody] as const, ...Object.entries(op.responses)])
        for (const [type, m] of Object.entries(c?.content ?? {}))
          if (m.schema) schemas.push([`${method} ${path} ${where} ${type}`, m.schema]);
    }
    const failed: string[] = [];
    for (const [where, schema] of schemas) {
      try {
        // The document's components ride along, so that its $refs resolve as they do in the document.
        ajv.compile({ ...schema, components: { schemas: doc.components.schemas } });
      } catch (e) {
        failed.push(`${where}: ${(e as Error).message}`);
      }
    }
    expect(schemas.length).toBeGreaterThan(150);
    expect(failed).toEqual([]);
  });

  it('reads the answers with tuples as they are sent, and refuse a tuple one longer', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validatorOf = (path: string) =>
      ajv.compile({
        ...doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema,
        components: { schemas: doc.components.schemas },
      });
    const index = validatorOf('/api/v2/app/common/search-index');
    const indexBody = (await s.call('GET', '/api/v2/app/common/search-index', { as: 'staff' })).json();
    expect(index(indexBody), JSON.stringify(index.errors)).toBe(true);
    const schedules = validatorOf('/api/v2/app/port/schedules');
    const body = (await s.call('GET', '/api/v2/app/port/schedules', { as: 'staff' })).json<{
      services: { voyages: { calls: unknown[][] }[] }[];
    }>();
    expect(schedules(body), JSON.stringify(schedules.errors)).toBe(true);
    body.services[0]?.voyages[0]?.calls[0]?.push(1);
    expect(schedules(body)).toBe(false);
  });
});

/** Values the demo world knows, tried in turn for a string with a pattern (QHZN is not vessel2's own vessel). */
const KNOWN = ['QHZN', 'SGSIN', 'AEX', 'N001', 'V', 'Y', 'P', '1', '2026-11-26', '20261126', 'x'];

const sample = (s: JsonSchema | undefined): unknown => validFor(s, KNOWN);

function urlOf(path: string, op: Operation): string {
  let url = path;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    const value = encodeURIComponent(String(sample(p.schema)));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
    else if (p.in === 'query') query.push(`${p.name}=${value}`);
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}

describe('the answers a route gives', () => {
  it('are documented: each 400, 401, 403, 404 and 429 seen, as another vessel, a read-only user or no one', async () => {
    const undocumented: string[] = [];
    // The dev routes are off in production and change the server's faults: not probed.
    const probed = operations().filter((o) => !o.path.startsWith('/api/dev/'));
    for (const { method, path, op } of probed) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const as of ['vessel2', 'viewer', 'agent', null]) {
        const res = await s.app.inject({
          method: method as 'GET',
          url: urlOf(path, op),
          headers: as ? { 'x-auth-token': await s.token(as) } : {},
          ...(schema ? { payload: sample(schema) as object } : {}),
        });
        const status = res.statusCode;
        if ([400, 401, 403, 404, 429].includes(status) && !op.responses[status])
          undocumented.push(`${method} ${path} as ${as ?? 'no one'}: ${status} ${res.body.slice(0, 100)}`);
      }
    }
    expect(probed.length).toBeGreaterThan(70);
    expect(undocumented).toEqual([]);
  });

  it('document their errors with the one error body', () => {
    for (const { method, path, op } of operations())
      for (const status of ['400', '401', '403', '404', '429']) {
        const schema = op.responses[status]?.content?.['application/json']?.schema as
          { $ref?: string } | undefined;
        if (schema?.$ref)
          expect(schema.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/ApiError');
      }
    expect(doc.components.schemas.ApiError?.required).toEqual(['statusCode', 'error', 'name', 'message']);
  });
});
