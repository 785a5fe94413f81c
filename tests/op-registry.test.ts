// The operation registry (src/core/contract/ops.ts) wires each kind whole: the server's push allows its calls, a route
// of its domain serves them, the device has its effect, and the OpenAPI text of /sync/push names it.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_KINDS, OPS, entityOf, refusalOf, type OpCall } from '../src/core/contract/ops.ts';
import { OP_BODIES } from '../src/core/contract/op-bodies.ts';
import { API_BASE, SYNC_PREFIX, SYNC_PUSH } from '../src/core/contract/api.ts';
import { opOf } from '../src/device/outbox/ops/index.ts';
import type { OutboxRow } from '../src/device/outbox/types.ts';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { collectOpRoutes, kindOfCall, unservedKinds } from '../server/sync/push-calls.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/** A path of the call as the outbox would send it: each `:name` a value its pattern allows. */
const samplePath = (c: OpCall): string =>
  `${c.prefix}${c.route}`.replace(/:(\w+)/g, (_, name: string) => (name === 'vslCd' ? 'N004' : '7'));

const everyCall = OP_KINDS.flatMap((kind) =>
  Object.entries<OpCall>(OPS[kind].calls).map(([name, call]) => ({ kind, name, call })),
);

let s: TestServer;
beforeAll(async () => {
  // It starts only when a route of some domain says it serves each call of each kind (config.opKind).
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('every kind of the registry', () => {
  it.each(everyCall)('$kind ($name): the push allows its call as that kind', ({ kind, call }) => {
    expect(kindOfCall({ method: call.method, path: samplePath(call) })).toEqual({ kind });
  });

  it.each(everyCall)('$kind ($name): a route of the server serves its call', ({ call }) => {
    expect(s.app.hasRoute({ method: call.method, url: `${API_BASE}${call.prefix}${call.route}` })).toBe(true);
  });

  it.each(OP_KINDS)('%s: has its device effect module', (kind) => {
    expect(opOf({ kind } as OutboxRow).op.kind).toBe(kind);
  });

  it.each(OP_KINDS)('%s: names its entity and words a refusal as its definition says', (kind) => {
    const names = { notSeq: 1, notId: 'N', notDevId: 'd', roomId: 'V-N004', ruleId: 'r' };
    expect(entityOf(kind, names as never)).toMatch(/^[A-Za-z]+(:[\w-]+)?$/);
    const { prefix, toast } = OPS[kind].refused;
    expect(refusalOf(kind, 'why')).toEqual({ message: prefix ? `${prefix}: why` : 'why', toast });
  });

  it.each(everyCall)("$kind ($name): its body schema is its route's", async ({ kind, name, call }) => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    const path = `${API_BASE}${call.prefix}${call.route}`.replace(/:(\w+)/g, '{$1}');
    const route = doc.paths[path]?.[call.method.toLowerCase()];
    const served = route?.requestBody?.content['application/json']?.schema as
      { properties?: Record<string, unknown> } | undefined;
    const body = (OP_BODIES[kind] as Record<string, { properties?: Record<string, unknown> } | null>)[name];
    expect(Object.keys(served?.properties ?? {})).toEqual(Object.keys(body?.properties ?? {}));
  });

  it('is named, with its calls, in the OpenAPI text of /sync/push', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<string, { post: { description: string } }>;
    }>();
    const text = doc.paths[`${API_BASE}${SYNC_PREFIX}${SYNC_PUSH}`]?.post.description ?? '';
    for (const { kind, call } of everyCall) {
      expect(text).toContain(`${kind} (`);
      expect(text).toContain(`${call.method} ${call.prefix}${call.route}`);
    }
  });
});

describe("the server's routes of the kinds", () => {
  const calls = collectOpRoutes(API_BASE);
  const ack = OPS.ack.calls.send;
  const ackUrl = `${API_BASE}${ack.prefix}${ack.route}`;

  it('stops a route that is a call of a kind but does not say so', () => {
    expect(() => calls.onRoute({ method: ack.method, url: ackUrl })).toThrow(/config.opKind 'ack'/);
    expect(() => calls.onRoute({ method: ack.method, url: ackUrl, config: { opKind: 'read' } })).toThrow(
      /config.opKind 'ack'/,
    );
  });

  it('stops a route that says it serves a kind whose calls it is not', () => {
    expect(() =>
      calls.onRoute({ method: 'POST', url: `${API_BASE}/notification/other`, config: { opKind: 'ack' } }),
    ).toThrow(/none of its calls/);
  });

  it('names the kinds no route serves', () => {
    const fresh = collectOpRoutes(API_BASE);
    fresh.onRoute({ method: ack.method, url: ackUrl, config: { opKind: 'ack' } });
    const alertSave = OPS.alertRule.calls.save;
    fresh.onRoute({
      method: alertSave.method,
      url: `${API_BASE}${alertSave.prefix}${alertSave.route}`,
      config: { opKind: 'alertRule' },
    });
    const unserved = unservedKinds(fresh.served);
    expect(unserved).not.toContain('ack');
    // One of its two calls is not enough.
    expect(unserved).toContain('alertRule');
    expect(unserved).toHaveLength(OP_KINDS.length - 1);
  });
});

describe("the worker's entry by kind", () => {
  it('makes an operation of a kind with its command, with the entity its definition names', async () => {
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const cmd = createCommands({
      db,
      client: new ApiClient(new TokenStore(db)),
      triggerDrain: () => undefined,
    });
    const { opId } = await cmd.op('setting', 'N002', 'N');
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ opId, kind: 'setting', entity: entityOf('setting', { notId: 'N002' }) });
    expect(Object.keys(cmd.byKind).sort()).toEqual(OP_KINDS.filter((k) => k !== 'device').sort());
  });
});
