// POST /api/v2/app/sync/push on the real server in process: each operation answered on its own, a refusal touches
// only its operation, order kept per entity, a resend applies nothing twice, and only the outbox's calls are carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PUSH_PATH, type PushOp, type PushResponse } from '../src/core/contract/sync.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const N = '/notification';
let s: TestServer;
let batch = 0;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function notifications(count: number, usrId = 'vessel'): Promise<number[]> {
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N002', count } });
  return res.json<{ notSeqs: number[] }>().notSeqs;
}

/** Operation ids of this test file's batches: unique per batch, like a device's `${clientId}:${counter}`. */
const idOf = (n: number) => `push-test-${batch}:${n}`;
const read = (n: number, notSeq: number): PushOp => ({
  id: idOf(n),
  entity: `notification:${notSeq}`,
  method: 'POST',
  path: `${N}/user/read`,
  body: { notSeq },
});
const ack = (n: number, notSeq: number): PushOp => ({
  id: idOf(n),
  entity: `notification:${notSeq}`,
  method: 'POST',
  path: `${N}/vessel/ack`,
  body: { notSeq },
});

const push = (ops: PushOp[], as = 'vessel') => s.call('POST', SYNC_PUSH_PATH, { as, body: { ops } });

async function auditKeys(prefix: string): Promise<string[]> {
  const rows = (await s.call('GET', '/api/dev/audit?usrId=vessel&limit=10000')).json<
    { idempotencyKey: string | null }[]
  >();
  return rows.map((r) => r.idempotencyKey ?? '').filter((k) => k.startsWith(prefix));
}

describe('POST /api/v2/app/sync/push', () => {
  it('applies the others when one is refused, and answers each with its own outcome', async () => {
    batch += 1;
    const [a, b] = await notifications(2);
    const [other] = await notifications(1, 'operator');
    if (a === undefined || b === undefined || other === undefined) throw new Error('no notifications');
    const res = await push([read(1, a), read(2, other), ack(3, b)]);
    expect(res.statusCode).toBe(200);
    const { results } = res.json<PushResponse>();
    expect(results.map((r) => [r.id, r.outcome, r.status])).toEqual([
      [idOf(1), 'applied', 200],
      [idOf(2), 'refused', 404],
      [idOf(3), 'applied', 200],
    ]);
    expect(results[1]?.body).toMatchObject({ name: 'NotFoundError' });
    expect(results[2]?.body).toMatchObject({ success: true });
    expect(await auditKeys(`push-test-${batch}:`)).toEqual([idOf(1), idOf(3)]);
  });

  it('answers a resend of the same batch with replays and applies nothing twice', async () => {
    batch += 1;
    const seqs = await notifications(3);
    const ops = seqs.flatMap((notSeq, i) => [read(2 * i, notSeq), ack(2 * i + 1, notSeq)]);
    const first = (await push(ops)).json<PushResponse>().results;
    expect(first.every((r) => r.outcome === 'applied')).toBe(true);
    const again = (await push(ops)).json<PushResponse>().results;
    expect(again.map((r) => r.outcome)).toEqual(ops.map(() => 'replayed'));
    expect(again.map((r) => r.body)).toEqual(first.map((r) => r.body));
    expect(await auditKeys(`push-test-${batch}:`)).toEqual(ops.map((o) => o.id));
  });

  it('keeps order per entity: after a transient failure the entity’s later operations are not tried', async () => {
    batch += 1;
    const [a, b] = await notifications(2);
    if (a === undefined || b === undefined) throw new Error('no notifications');
    await s.call('POST', '/api/dev/faults', {
      body: { path: `/api/v2/app${N}/user/read`, status: 503, times: 1, usrId: 'vessel' },
    });
    const { results } = (await push([read(1, a), ack(2, a), ack(3, b)])).json<PushResponse>();
    expect(results.map((r) => [r.outcome, r.status])).toEqual([
      ['retry', 503],
      ['retry', 0],
      ['applied', 200],
    ]);
    expect(await auditKeys(`push-test-${batch}:`)).toEqual([idOf(3)]);
  });

  it('refuses, for that operation alone, a call the outbox never makes', async () => {
    batch += 1;
    const [a] = await notifications(1);
    if (a === undefined) throw new Error('no notification');
    const sneaky: PushOp[] = [
      { id: idOf(1), entity: 'x', method: 'GET', path: '/common/logged-user' },
      {
        id: idOf(2),
        entity: 'x',
        method: 'POST',
        path: `${N}/user/read/../../../dev/notifications`,
        body: {},
      },
      { id: idOf(3), entity: 'y', method: 'POST', path: `${N}/user/read?x=1`, body: { notSeq: a } },
      read(4, a),
    ];
    const { results } = (await push(sneaky)).json<PushResponse>();
    expect(results.map((r) => [r.outcome, r.status])).toEqual([
      ['refused', 400],
      ['refused', 400],
      ['refused', 400],
      ['applied', 200],
    ]);
    expect(await auditKeys(`push-test-${batch}:`)).toEqual([idOf(4)]);
  });

  it('answers 401 without a token and 400 for a batch of the wrong shape, applying nothing', async () => {
    batch += 1;
    const [a] = await notifications(1);
    if (a === undefined) throw new Error('no notification');
    const anonymous = await s.call('POST', SYNC_PUSH_PATH, { body: { ops: [read(1, a)] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await s.call('POST', SYNC_PUSH_PATH, { as: 'vessel', body: { ops: [] } })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => read(i, a));
    expect((await push(tooMany)).statusCode).toBe(400);
    const noId = await s.call('POST', SYNC_PUSH_PATH, {
      as: 'vessel',
      body: { ops: [{ entity: 'e', method: 'POST', path: `${N}/user/read`, body: { notSeq: a } }] },
    });
    expect(noId.statusCode).toBe(400);
    expect(await auditKeys(`push-test-${batch}:`)).toEqual([]);
  });

  it('answers 413 for a batch over the body limit, applying nothing', async () => {
    batch += 1;
    const [a] = await notifications(1);
    if (a === undefined) throw new Error('no notification');
    const pad = 'x'.repeat(3_000);
    const big = Array.from({ length: 100 }, (_, i) => ({ ...read(i, a), body: { notSeq: a, pad } }));
    const res = await push(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ name: 'PayloadTooLargeError' });
    expect(await auditKeys(`push-test-${batch}:`)).toEqual([]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain(SYNC_PUSH_PATH);
  });

  it('costs little more than the calls it carries: 100 reads in one push, beside 100 per-item calls', async () => {
    batch += 1;
    const seqs = await notifications(100);
    const t0 = performance.now();
    const { results } = (await push(seqs.map((n, i) => read(i, n)))).json<PushResponse>();
    const pushMs = performance.now() - t0;
    expect(results.every((r) => r.outcome === 'applied')).toBe(true);
    const others = await notifications(100);
    const t1 = performance.now();
    for (const [i, notSeq] of others.entries()) {
      const res = await s.call('POST', `/api/v2/app${N}/user/read`, {
        as: 'vessel',
        body: { notSeq },
        headers: { 'idempotency-key': `push-test-${batch}:direct-${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const directMs = performance.now() - t1;
    console.info(
      `sync push: 100 reads in one push ${Math.round(pushMs)} ms, as 100 per-item calls ${Math.round(directMs)} ms`,
    );
  });
});
