// What the sync worker's own code transfers for the `vessel` user against the real server: a cold sync (sign-on
// included), a routine resync with nothing changed, and a pull-to-refresh with nothing changed. Bytes are counted
// as HTTP/1.1 puts them on the wire: request line and headers up; status line, headers and (compressed) body down.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { startSession } from '../worker/auth/session.ts';
import { SESSION_COOKIE_PATH } from '../server/auth/sessions.ts';
import { syncChat } from '../worker/chat/sync.ts';
import { createSyncService } from '../worker/sync/service.ts';
import type { Row } from './common.ts';

interface Seen {
  up: number;
  down: number;
}

/** Body bytes as sent: Node's fetch hands the body over decompressed, so compress it again the same way. */
async function wireBodyBytes(res: Response): Promise<number> {
  const length = res.headers.get('content-length');
  if (length !== null) return Number(length);
  const body = Buffer.from(await res.clone().arrayBuffer());
  switch (res.headers.get('content-encoding')) {
    case 'br':
      return brotliCompressSync(body).byteLength;
    case 'gzip':
      return gzipSync(body).byteLength;
    case 'deflate':
      return deflateSync(body).byteLength;
    default:
      return body.byteLength;
  }
}

const headerBytes = (h: Headers) => [...h].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
/** What a browser adds to every request that the Node fetch here does not (User-Agent, Accept, Sec-Fetch-*, …). */
const BROWSER_HEADERS = 330;

export async function syncBench(url: string): Promise<Row[]> {
  const login = await fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId: 'vessel', password: 'demo' }),
    redirect: 'manual',
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  let seen: Seen[] = [];
  configureHttp({
    base: url,
    fetch: async (input, init) => {
      const target = new URL(String(input));
      const headers = new Headers(init?.headers);
      // The session cookie goes where a browser sends it: its path, the token refresh.
      if (target.pathname === SESSION_COOKIE_PATH) headers.set('cookie', cookie);
      headers.set('accept-encoding', 'gzip, deflate, br');
      const res = await fetch(input, { ...init, headers });
      const body = await wireBodyBytes(res);
      seen.push({
        up:
          `${init?.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n`
            .length +
          headerBytes(headers) +
          BROWSER_HEADERS +
          2 +
          (typeof init?.body === 'string' ? init.body.length : 0),
        down: `HTTP/1.1 ${res.status} OK\r\n`.length + headerBytes(res.headers) + 2 + body,
      });
      return res;
    },
  });
  const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const tokens = new TokenStore(db);
  const measure = async (what: string, budget: string, run: () => Promise<void>): Promise<Row> => {
    seen = [];
    await run();
    const up = seen.reduce((n, s) => n + s.up, 0);
    const down = seen.reduce((n, s) => n + s.down, 0);
    return {
      what: `${what}: ${seen.length} requests, ${down} B down + ${up} B up`,
      value: `${((up + down) / 1024).toFixed(2)} KB`,
      budget,
    };
  };
  // As the worker runs it: the pull brings the rooms whose summary changed; pull-to-refresh asks for the room list.
  const sync = createSyncService({
    db,
    tokens,
    locks: memoryLocks(),
    isOnline: () => true,
    extra: async (full) => {
      if (full) await syncChat(db, sync.client, { full });
    },
  });
  try {
    return [
      await measure('cold sync of the vessel user (sign-on included, chat rooms)', '-', async () => {
        await startSession({ db, tokens, client: new ApiClient(tokens) });
        sync.start();
        await sync.whenLeading();
        // The first pass learns the vessel's service; chat (rooms, then the newest messages) comes with the next.
        await sync.engine.request();
      }),
      await measure('resync with nothing changed (one pull)', '<= 600 B', () => sync.engine.request()),
      await measure('pull-to-refresh with nothing changed (every dataset)', '-', () => sync.syncNow()),
    ];
  } finally {
    sync.stop();
    db.close();
  }
}
