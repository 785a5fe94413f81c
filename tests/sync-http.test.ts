// The HTTP helper's product.md#calls-in-general details, without a server: array query parameters without indices, the multipart
// variant, conditional GETs (and the API client's sharing of identical ones on the wire at once), and the timeout.
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import {
  TimeoutError,
  UnknownError,
  configureHttp,
  httpConfig,
  query,
  request,
  requestJson,
  requestMultipart,
} from '../src/device/net/http.ts';

const original = { ...httpConfig };
afterEach(() => configureHttp(original));

/** Records what fetch was asked and answers with `answer`. */
function capture(answer: () => Response = () => Response.json({ ok: true })) {
  const calls: { url: string; init: RequestInit }[] = [];
  configureHttp({
    base: 'https://quay.test',
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return answer();
    },
  });
  return calls;
}
const okCheck = (v: unknown) =>
  typeof v === 'object' && v !== null && 'ok' in v ? (v as { ok: boolean }) : null;

describe('query', () => {
  it('sends array parameters without indices and leaves out empty values', () => {
    expect(query({ roomIds: [1, 2, 3], kw: 'rot', none: undefined, nil: null })).toBe(
      '?roomIds=1&roomIds=2&roomIds=3&kw=rot',
    );
    expect(query({ vesselUserIds: ['a b', 'c&d'] })).toBe('?vesselUserIds=a+b&vesselUserIds=c%26d');
    expect(query({})).toBe('');
  });
});

describe('requests', () => {
  it('sends JSON with no-cache headers, credentials and the token', async () => {
    const calls = capture();
    await requestJson('/x', okCheck, { method: 'POST', body: { a: 1 }, token: 't' });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers['X-AUTH-TOKEN']).toBe('t');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it('sends multipart as FormData with no JSON content type', async () => {
    const calls = capture();
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'memo.txt');
    form.append('vslCd', 'ABCD');
    await requestMultipart('/upload', okCheck, form, { token: 't' });
    const init = calls[0]?.init;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(Object.keys(headers).map((k) => k.toLowerCase())).not.toContain('content-type');
    expect(headers['X-AUTH-TOKEN']).toBe('t');
  });

  it('gives the ETag with a 200 and no data with a 304', async () => {
    capture(() => Response.json({ ok: true }, { headers: { etag: '"v1"' } }));
    expect(await request('/x', okCheck)).toEqual({ status: 200, data: { ok: true }, etag: '"v1"' });
    capture(() => new Response(null, { status: 304, headers: { etag: '"v1"' } }));
    expect(await request('/x', okCheck, { headers: { 'If-None-Match': '"v1"' } })).toEqual({
      status: 304,
      data: null,
      etag: '"v1"',
    });
  });

  it('turns a malformed answer or a throwing check into an UnknownError', async () => {
    capture(() => new Response('{"notiList": 5}'));
    await expect(requestJson('/list', okCheck)).rejects.toThrow(UnknownError);
    await expect(
      requestJson('/list', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow(/was not understood/);
  });

  it('ends a hung request with a TimeoutError', async () => {
    configureHttp({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await expect(requestJson('/slow', okCheck, { timeoutMs: 20 })).rejects.toThrow(TimeoutError);
  });
});

describe("the API client's conditional GETs", () => {
  it('make one request for the same path and ETag asked at once; another ETag, or a later call, asks again', async () => {
    const calls = capture(() => Response.json({ ok: true }, { headers: { etag: '"v1"' } }));
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    await db.setMeta('token', 't');
    const client = new ApiClient(new TokenStore(db));
    // The sync's own-vessel dataset and the vessel page opened meanwhile, both with no copy yet; a third with one.
    const [sync, page, other] = await Promise.all([
      client.conditional('/vessel/current', okCheck, null),
      client.conditional('/vessel/current', okCheck, null),
      client.conditional('/vessel/current', okCheck, '"v0"'),
    ]);
    expect(sync).toEqual({ status: 200, data: { ok: true }, etag: '"v1"' });
    expect(page).toEqual(sync);
    expect(other).toEqual(sync);
    expect(calls).toHaveLength(2);
    await client.conditional('/vessel/current', okCheck, null);
    expect(calls).toHaveLength(3);
    // A call with headers of its own is never shared.
    await Promise.all([
      client.conditional('/x', okCheck, null, { headers: { 'Idempotency-Key': 'a' } }),
      client.conditional('/x', okCheck, null, { headers: { 'Idempotency-Key': 'a' } }),
    ]);
    expect(calls).toHaveLength(5);
  });
});
