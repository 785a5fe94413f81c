// GET /common/search-index on the real server: the caller's compact index of vessels, services and ports (types 5 and
// 6: vessels, and ports for the port picker, no services), with an ETag; and the online keyword-search agrees with the
// same search over the index (types 5 and 6: over its vessels).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../src/core/contract/common.ts';
import type { SearchIndex } from '../src/core/contract/search-index.ts';
import { matchIndex, prepareIndex, searchableEntries } from '../src/core/search.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const C = '/api/v2/app/common';
const index = async (as: string) => {
  const res = await s.call('GET', `${C}/search-index`, { as });
  expect(res.statusCode).toBe(200);
  return res.json<SearchIndex>();
};
const count = async (table: string) =>
  Number((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

describe('search-index', () => {
  it('gives every vessel, service and port with carrier colours, compact and compressed', async () => {
    const res = await s.call('GET', `${C}/search-index`, {
      as: 'staff',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = await index('staff');
    expect(body.usrId).toBe('staff');
    expect(body.vessels).toHaveLength(await count('vessels'));
    expect(body.services).toHaveLength(await count('lanes'));
    expect(body.ports).toHaveLength(await count('ports'));
    expect(body.ownVslCd).toBeNull();
    const v = (
      await s.db.query<{
        vsl_cd: string;
        vsl_nm: string;
        crr_cd: string;
        imo_no: string;
        mmsi: string;
        call_sgn: string;
      }>('SELECT vsl_cd, vsl_nm, crr_cd, imo_no, mmsi, call_sgn FROM vessels ORDER BY vsl_cd LIMIT 1')
    )[0];
    expect(body.vessels[0]).toEqual([
      v?.vsl_cd,
      v?.vsl_nm,
      v?.crr_cd,
      `${v?.imo_no} ${v?.mmsi} ${v?.call_sgn}`,
    ]);
    for (const [, , crrCd] of [...body.vessels, ...body.services])
      expect(body.carriers[crrCd]).toEqual([expect.stringMatching(/^#/), expect.stringMatching(/^#/)]);
    const json = JSON.stringify(body);
    const gzip = Number(res.headers['content-length'] ?? res.rawPayload.byteLength);
    expect(gzip).toBe(res.rawPayload.byteLength);
    // "A few tens of KB at most": far under, even for a fleet many times this one.
    expect(gzip).toBeLessThan(40 * 1024);
    console.log(
      `search index (staff): ${body.vessels.length} vessels, ${body.services.length} services, ${body.ports.length} ports; ` +
        `${json.length} B JSON, ${gzip} B gzip as served (${gzipSync(json).byteLength} B gzip of the JSON alone)`,
    );
  });

  it('answers 401 without a token', async () => {
    const res = await s.call('GET', `${C}/search-index`);
    expect(res.statusCode).toBe(401);
    expect(res.json().name).toBe('AuthenticationError');
  });

  it('gives users of types 5 and 6 vessels and, for the port picker, every port; no services', async () => {
    const vessels = await count('vessels');
    for (const as of ['operator', 'viewer']) {
      const body = await index(as);
      expect(body.vessels).toHaveLength(vessels);
      expect(body.services).toEqual([]);
      expect(body.ports).toHaveLength(await count('ports'));
      expect(body.ports).toContainEqual(['SGSIN', 'Singapore']);
    }
  });

  it("names a vessel user's own vessel", async () => {
    const own = (await s.db.query<{ ofc_id: string }>("SELECT ofc_id FROM users WHERE usr_id = 'vessel'"))[0];
    expect((await index('vessel')).ownVslCd).toBe(own?.ofc_id);
  });

  it('answers 304 to its ETag, and a new ETag once a vessel is renamed', async () => {
    const first = await s.call('GET', `${C}/search-index`, { as: 'agent' });
    const etag = String(first.headers.etag);
    const again = await s.call('GET', `${C}/search-index`, {
      as: 'agent',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    // Another user's index is another answer.
    const other = await s.call('GET', `${C}/search-index`, {
      as: 'operator',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    const [v] = await s.db.query<{ vsl_cd: string; vsl_nm: string }>(
      'SELECT vsl_cd, vsl_nm FROM vessels ORDER BY vsl_cd LIMIT 1',
    );
    if (!v) throw new Error('no vessel');
    await s.db.query('UPDATE vessels SET vsl_nm = $2 WHERE vsl_cd = $1', [v.vsl_cd, `${v.vsl_nm} II`]);
    try {
      const renamed = await s.call('GET', `${C}/search-index`, {
        as: 'agent',
        headers: { 'if-none-match': etag },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.headers.etag).not.toBe(etag);
    } finally {
      await s.db.query('UPDATE vessels SET vsl_nm = $2 WHERE vsl_cd = $1', [v.vsl_cd, v.vsl_nm]);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths[`${C}/search-index`]).toBeDefined();
  });
});

describe('search by IMO number, MMSI and call sign', () => {
  it.each(['9527582', 'IMO 9527582', 'IMO9527582', '636527582', 'D5KM6', 'd5km6'])(
    '%s finds QUAY HORIZON first, online and for every user type',
    async (kw) => {
      for (const as of ['staff', 'operator', 'viewer']) {
        const res = await s.call('GET', `${C}/keyword-search?kw=${encodeURIComponent(kw)}`, { as });
        expect(res.statusCode).toBe(200);
        expect(res.json<SearchResult[]>()[0], `${kw} as ${as}`).toMatchObject({
          code: 'QHZN',
          name: 'QUAY HORIZON',
        });
      }
    },
  );

  it('does not match a few digits inside identifiers', async () => {
    const res = await s.call('GET', `${C}/keyword-search?kw=636`, { as: 'staff' });
    expect(res.json<SearchResult[]>().filter((r) => r.code === 'QHZN')).toEqual([]);
  });
});

describe('online and offline search agree', () => {
  const keywords = [
    'sin',
    'QUAY',
    'nordic',
    'AEX',
    'port',
    'express',
    'ham',
    'atlas',
    'ZZZQ',
    ' ang ',
    'CNS',
    // QUAY HORIZON's IMO number, MMSI and call sign (product.md#search-drawer), and the first digits of an IMO.
    '9527582',
    'imo 9527582',
    '636527582',
    'd5km6',
    '95275',
  ];
  it.each([
    ['staff', '2'],
    ['agent', '3'],
    ['vessel', '4'],
    ['operator', '5'],
    ['viewer', '6'],
  ])('for %s', async (as, usrTpCd) => {
    const local = searchableEntries(prepareIndex(await index(as)), usrTpCd);
    for (const kw of keywords) {
      const res = await s.call('GET', `${C}/keyword-search?kw=${encodeURIComponent(kw)}`, { as });
      expect(res.statusCode).toBe(200);
      expect(matchIndex(local, kw), kw).toEqual(res.json<SearchResult[]>());
    }
  });
});
