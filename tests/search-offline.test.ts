// The worker's smart search against the real server: the search index synced with ETag, then with no link (offline,
// or a call that fails for want of one) a known vessel is found by part of its name from the device, marked so;
// online answers are cached by keyword; a refusal is not hidden; another user's index never answers.
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SearchIndex } from '../src/core/contract/search-index.ts';
import { QuayDb } from '../src/device/db.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { matchIndex, prepareIndex } from '../src/core/search.ts';
import { createKeywordSearch } from '../worker/search/keyword-search.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app';
let s: TestServer;
let url: string;
/** Paths asked for, and what a path answers instead of the server (a dead link, a gateway's 502, …). */
const asked: string[] = [];
let fault: ((path: string) => Response | Error | null) | null = null;
const services: SyncService[] = [];

/** A signed-on worker's database with the first sync done, and its search with a switchable link. */
async function syncedDevice(usrId: string) {
  await signOnHttp(url, usrId, {
    seen: (path) => asked.push(path),
    via: async ({ target }, send) => {
      const injected = fault?.(target.pathname);
      if (injected instanceof Error) throw injected;
      return injected ?? send();
    },
  });
  const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const tokens = new TokenStore(db);
  const sync = createSyncService({ db, tokens, locks: memoryLocks(), isOnline: () => true });
  services.push(sync);
  sync.start();
  await sync.whenLeading();
  const link = { online: true };
  const search = createKeywordSearch({ db, client: sync.client, isOnline: () => link.online });
  return { db, sync, link, search };
}

const vesselOf = async (vslCd: string) =>
  (await s.db.query<{ vsl_nm: string }>('SELECT vsl_nm FROM vessels WHERE vsl_cd = $1', [vslCd]))[0]
    ?.vsl_nm ?? '';

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterEach(() => {
  fault = null;
  while (services.length) services.pop()?.stop();
});
afterAll(() => s.close());

describe('offline smart search', () => {
  it('finds a known vessel by part of its name from the synced index, marked fromDevice', async () => {
    const { db, link, search } = await syncedDevice('staff');
    const row = await db.searchIndex.get('all');
    expect(row?.etag).toBeTruthy();
    expect((await db.syncState.get('searchIndex'))?.etag).toBe(row?.etag);
    const name = await vesselOf('NRPL');
    const part = name.slice(2, 8).toLowerCase(); // "RDIC P" of NORDIC PEARL: neither code nor a prefix

    const online = await search(part);
    expect(online?.fromDevice).toBe(false);

    link.online = false;
    asked.length = 0;
    const offline = await search(part);
    expect(asked).toEqual([]);
    expect(offline?.fromDevice).toBe(true);
    expect(offline?.results).toContainEqual(expect.objectContaining({ pgmType: 'VSL', code: 'NRPL', name }));
    // The same answer the server gave.
    expect(offline?.results).toEqual(online?.results);
    // Nothing under 3 characters, and no answer for nonsense.
    expect(await search('NO')).toEqual({ results: [], fromDevice: false });
    expect((await search('ZZZQX'))?.results).toEqual([]);

    // What it costs: the index as served (gzip) and a search over it.
    const res = await s.call('GET', `${API}/common/search-index`, {
      as: 'staff',
      headers: { 'accept-encoding': 'gzip' },
    });
    const index = row?.entries as SearchIndex;
    const json = JSON.stringify(index);
    const keywords = ['NORDIC', 'SIN', 'QUAY', 'express', 'RDIC P', 'ZZZQ', 'ham', 'atl'];
    const t0 = performance.now();
    const rounds = 200;
    for (let i = 0; i < rounds; i++) for (const kw of keywords) await search(kw);
    const perSearch = (performance.now() - t0) / (rounds * keywords.length);
    // The same over a fleet 100 times this one (the matcher alone), for headroom.
    const big: SearchIndex = {
      ...index,
      vessels: Array.from({ length: 100 }, (_, k) =>
        index.vessels.map(([c, n, r]): [string, string, string] => [`${c}${k}`, `${n} ${k}`, r]),
      ).flat(),
    };
    const bigEntries = prepareIndex(big);
    const t1 = performance.now();
    for (const kw of keywords) matchIndex(bigEntries, kw);
    const perBig = (performance.now() - t1) / keywords.length;
    console.log(
      `search index: ${res.rawPayload.byteLength} B gzip as served (${json.length} B JSON, ` +
        `${gzipSync(json).byteLength} B gzip of the JSON); offline search over it (worker call with IndexedDB read): ` +
        `${perSearch.toFixed(3)} ms per search; matcher over ${bigEntries.length} entries: ${perBig.toFixed(2)} ms`,
    );
  });

  it('answers from the device when the call fails for want of a link, not when the server refuses', async () => {
    const { link, search } = await syncedDevice('agent');
    link.online = true;
    fault = (path) => (path.endsWith('/keyword-search') ? new TypeError('Failed to fetch') : null);
    expect(await search('singapore')).toMatchObject({
      fromDevice: true,
      results: expect.arrayContaining([expect.objectContaining({ pgmType: 'PORT', code: 'SGSIN' })]),
    });
    fault = (path) =>
      path.endsWith('/keyword-search') ? new Response('{"message":"bad gateway"}', { status: 502 }) : null;
    expect((await search('klang'))?.fromDevice).toBe(true);
    fault = (path) =>
      path.endsWith('/keyword-search')
        ? Response.json(
            { statusCode: 403, error: 'Forbidden', name: 'ForbiddenError', message: 'no' },
            { status: 403 },
          )
        : null;
    await expect(search('tanjung')).rejects.toMatchObject({ name: 'ForbiddenError' });
  });

  it('caches online answers by keyword: a repeated search asks nothing', async () => {
    const { search } = await syncedDevice('staff');
    asked.length = 0;
    const first = await search('quay');
    const again = await search(' QUAY ');
    expect(asked.filter((p) => p.endsWith('/keyword-search'))).toHaveLength(1);
    expect(again).toEqual(first);
    expect(await search('quay', { instant: true })).toEqual(first);
    expect(await search('nordic', { instant: true })).toBeNull();
    expect(asked.filter((p) => p.endsWith('/keyword-search'))).toHaveLength(1);
  });

  it('gives users of type 5 vessels only offline, and never answers from another user’s index', async () => {
    const { db, link, search } = await syncedDevice('operator');
    link.online = false;
    const answer = await search('sin');
    expect(answer?.fromDevice).toBe(true);
    expect(answer?.results.length).toBeGreaterThan(0);
    expect(answer?.results.every((r) => r.pgmType === 'VSL')).toBe(true);
    // The same device, now signed on as someone else before the index was synced again.
    const user = await db.getMeta('user');
    if (!user) throw new Error('no user');
    await db.setMeta('user', { ...user, usrId: 'staff' });
    await expect(search('sin')).rejects.toThrow(/no search index/);
  });
});
