// Server figures of the sync pull at scale (`npm run bench -- pull`): one user with 50,000 notifications (and as many
// rows in the change log). Before: the list a conditional GET had to read and hash whole when its ETag came from the
// body. After: the conditional list GET (ETag from the change version) and a pull with nothing new, each over
// loopback HTTP and, for the pull, as the server's own work (pullFor in process). Budget: a pull < 5 ms p50.
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';
import { recordChanges } from '../server/sync/changes.ts';
import { pullFor } from '../server/sync/pull.ts';
import { SYNC_PULL_PATH, type PullResponse } from '../src/core/contract/sync.ts';
import { pct, token, type Row } from './common.ts';

const USER = 'vessel';
const SCALE = 50_000;

/** Copies of the user's first notification, older and older, until the user has SCALE of them, in the change log. */
async function grow(app: App): Promise<number> {
  const { db } = app.ctx;
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE usr_id = $1',
    [USER],
  );
  const seqs = await db.query<{ not_seq: number }>(
    `INSERT INTO notifications (not_id, usr_id, vsl_cd, port_cd, not_read_yn, cre_dt, detail)
     SELECT t.not_id, t.usr_id, t.vsl_cd, t.port_cd, 'Y', t.cre_dt - g * interval '1 minute', t.detail
       FROM generate_series(1, $2::int) g,
            (SELECT * FROM notifications WHERE usr_id = $1 ORDER BY not_seq LIMIT 1) t
     RETURNING not_seq`,
    [USER, Math.max(0, SCALE - n)],
  );
  const keys = seqs.map((r) => String(r.not_seq));
  for (let i = 0; i < keys.length; i += 5000)
    await db.tx((sql) => recordChanges(sql, USER, 'notifications', keys.slice(i, i + 5000)));
  return n + seqs.length;
}

/** A POST as the browser sends it (br accepted): the body's bytes as they came, and the answer decoded. */
function rawPost(url: string, tok: string, body: string): Promise<{ wire: number; json: PullResponse }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'x-auth-token': tok, 'accept-encoding': 'br', 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ wire: raw.length, json: JSON.parse(text.toString('utf8')) as PullResponse });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function timed(calls: number, once: () => Promise<unknown>, warm = 20): Promise<number[]> {
  for (let i = 0; i < warm; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return times;
}

const ms = (xs: number[]) => `${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)} ms`;

export async function pullBench(calls = 200): Promise<Row[]> {
  // DATABASE_URL: on that (empty or seeded) PostgreSQL database instead of an embedded one in memory.
  const app = await boot(testConfig({ logLevel: 'silent', databaseUrl: process.env.DATABASE_URL || null }));
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const total = await grow(app);
    const tok = await token(url, USER);
    const headers = { 'x-auth-token': tok, 'accept-encoding': 'br, gzip' };
    const list = `${url}/api/v2/app/notification/user/list?limit=5000`;
    const rows: Row[] = [];
    const at = `at ${total.toLocaleString('en')} notifications`;

    const whole = await timed(Math.min(calls, 50), async () =>
      (await fetch(list, { headers })).arrayBuffer(),
    );
    rows.push({
      what: `before: list read and hashed whole (limit 5000) ${at}, p50 / p95`,
      value: ms(whole),
      budget: '-',
    });

    const wholeTen = await timed(
      5,
      () =>
        Promise.all(Array.from({ length: 10 }, async () => (await fetch(list, { headers })).arrayBuffer())),
      1,
    );
    rows.push({
      what: `before: 10 concurrent lists read whole ${at}, p95 of 5 batches`,
      value: `${pct(wholeTen, 95).toFixed(0)} ms`,
      budget: '-',
    });

    const etag = (await fetch(list, { headers })).headers.get('etag') ?? '';
    const conditional = await timed(calls, async () => {
      const res = await fetch(list, { headers: { ...headers, 'if-none-match': etag } });
      if (res.status !== 304) throw new Error(`conditional list answered ${res.status}`);
      await res.arrayBuffer();
    });
    rows.push({
      what: `after: conditional list GET (304) ${at}, p50 / p95`,
      value: ms(conditional),
      budget: '< 5 ms p50',
    });

    const ten = await timed(20, () =>
      Promise.all(
        Array.from({ length: 10 }, async () =>
          (await fetch(list, { headers: { ...headers, 'if-none-match': etag } })).arrayBuffer(),
        ),
      ),
    );
    rows.push({
      what: `after: 10 concurrent conditional list GETs ${at}, p95 of the batch`,
      value: `${pct(ten, 95).toFixed(1)} ms`,
      budget: '-',
    });

    // A device at the newest version: its first pull to the end (bytes as sent, compressed), then pulls with nothing new.
    let cursor: string | null = null;
    let bytes = 0;
    let pages = 0;
    for (;;) {
      const res = await rawPost(`${url}${SYNC_PULL_PATH}`, tok, JSON.stringify({ cursor, limit: 1000 }));
      bytes += res.wire;
      pages++;
      const page = res.json;
      cursor = page.cursor;
      if (!page.more) break;
    }
    rows.push({
      what: `first pull to the end (5,000 newest of ${total.toLocaleString('en')}), ${pages} pages, br body`,
      value: `${(bytes / 1024).toFixed(0)} KB`,
      budget: '-',
    });
    const body = JSON.stringify({ cursor });
    let answer = 0;
    const overHttp = await timed(calls, async () => {
      const res = await fetch(`${url}${SYNC_PULL_PATH}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      answer = (await res.arrayBuffer()).byteLength;
    });
    rows.push({
      what: `after: sync pull, nothing new ${at}, over HTTP p50 / p95`,
      value: ms(overHttp),
      budget: '< 5 ms p50',
    });
    rows.push({
      what: 'after: sync pull, nothing new: answer body',
      value: `${answer} B`,
      budget: 'a few hundred B',
    });

    const user = { usrId: USER, usrNm: '', usrTpCd: '4', usrRoleCd: '', ofcId: '', extUsrId: '', email: '' };
    const [row] = await app.ctx.db.query<typeof user>(
      `SELECT usr_id AS "usrId", usr_nm AS "usrNm", usr_tp_cd AS "usrTpCd", usr_role_cd AS "usrRoleCd", ofc_id AS "ofcId",
              ext_usr_id AS "extUsrId", email FROM users WHERE usr_id = $1`,
      [USER],
    );
    const inProcess = await timed(calls, () =>
      pullFor(app.ctx.db, row ?? user, cursor, undefined, app.ctx.sync),
    );
    rows.push({
      what: `after: sync pull, nothing new ${at}, server work (pullFor) p50 / p95`,
      value: ms(inProcess),
      budget: '< 5 ms p50',
    });
    return rows;
  } finally {
    await app.close();
  }
}
