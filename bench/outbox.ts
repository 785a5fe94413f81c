// budgets.md#current-budgets: the outbox's own code (src/device/outbox) on a
// device database (fake-indexeddb) sends 500 operations of the `vessel` user, queued with no link, to the real server
// over an emulated FleetBroadband link (bench/link.ts). It prints how long the drain took, the requests and bytes it
// cost, and whether the server applied each operation once, in order per entity (from the server's audit log). The
// drain sends them through the batched push (POST /api/v2/app/sync/push), as the app does.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { SESSION_COOKIE_PATH } from '../server/auth/sessions.ts';
import { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain, pendingCount } from '../src/device/outbox/drain.ts';
import type { NotificationItem } from '../src/core/contract/notification.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { signOnSession, type Row } from './common.ts';
import { FLEET_BROADBAND, startLink } from './link.ts';

const USER = 'vessel';
const N = '/api/v2/app/notification';
const SETTING_IDS = ['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009', 'N020'];

interface AuditRow {
  idempotencyKey: string | null;
  path: string;
}

export async function outboxBench(url: string): Promise<Row[]> {
  const { cookie, token } = await signOnSession(url, USER);
  const auth = { 'x-auth-token': token };
  const created = (await (
    await fetch(`${url}/api/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usrId: USER, notId: 'N002', count: 200 }),
    })
  ).json()) as { notSeqs: number[] };
  const seqs = created.notSeqs;

  // The device as a sync pass leaves it: the user, its token and the new notifications.
  const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const user = checkLoggedUser(
    await (await fetch(`${url}/api/v2/app/common/logged-user`, { headers: auth })).json(),
  );
  if (!user) throw new Error('outbox bench: no user');
  await db.setMeta('user', user);
  await db.setMeta('token', token);
  const list = (await (await fetch(`${url}${N}/user/list?limit=5000`, { headers: auth })).json()) as {
    notiList: NotificationItem[];
  };
  await db.notifications.bulkPut(list.notiList.filter((i) => seqs.includes(i.notSeq)));

  const link = await startLink(Number(new URL(url).port), FLEET_BROADBAND);
  try {
    configureHttp({
      base: link.url,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        // The session cookie goes where a browser sends it: its path, the token refresh.
        if (new URL(String(input)).pathname === SESSION_COOKIE_PATH) headers.set('cookie', cookie);
        headers.set('accept-encoding', 'gzip, deflate, br');
        return fetch(input, { ...init, headers });
      },
    });
    const client = new ApiClient(new TokenStore(db));
    const cmd = createCommands({ db, client, triggerDrain: () => undefined });

    // At sea, no link: each notification read and acknowledged, and settings switched back and forth.
    const order = new Map<string, { entity: string; step: number }>();
    const lastSetting = new Map<string, 'Y' | 'N'>();
    let step = 0;
    const note = (opId: string | null, entity: string) => {
      if (opId) order.set(opId, { entity, step: step++ });
    };
    for (const [i, notSeq] of seqs.entries()) {
      note((await cmd.markRead(notSeq)).opId, `notification:${notSeq}`);
      note((await cmd.acknowledge(notSeq)).opId, `notification:${notSeq}`);
      if (i % 2 === 0) {
        const notId = SETTING_IDS[(i / 2) % SETTING_IDS.length] as string;
        const yn = lastSetting.get(notId) === 'Y' ? 'N' : 'Y';
        lastSetting.set(notId, yn);
        note((await cmd.saveSetting(notId, yn)).opId, `setting:${notId}`);
      }
    }
    const queued = await pendingCount(db);

    // The link returns.
    link.takeBytes();
    const t0 = performance.now();
    const result = await drain(db, client, { locks: memoryLocks(), retryNow: true });
    const seconds = (performance.now() - t0) / 1000;
    const { up, down, requests } = link.takeBytes();

    // What the server applied for this device, in the order it applied it.
    const clientId = await db.getMeta('clientId');
    const audit = (await (
      await fetch(`${url}/api/dev/audit?usrId=${USER}&limit=10000`)
    ).json()) as AuditRow[];
    const keys = audit.map((r) => r.idempotencyKey ?? '').filter((k) => k.startsWith(`${String(clientId)}:`));
    const once = new Set(keys).size === keys.length && keys.every((k) => order.has(k));
    const lastStepOf = new Map<string, number>();
    let inOrder = true;
    for (const key of keys) {
      const { entity, step: at } = order.get(key) ?? { entity: '', step: -1 };
      if ((lastStepOf.get(entity) ?? -1) > at) inOrder = false;
      lastStepOf.set(entity, at);
    }
    const settingsMatch = await (async () => {
      const answer = (await (await fetch(`${url}${N}/settings`, { headers: auth })).json()) as {
        settingList: { notId: string; notUseYn: 'Y' | 'N' }[];
      };
      return [...lastSetting].every(
        ([id, yn]) => answer.settingList.find((s) => s.notId === id)?.notUseYn === yn,
      );
    })();
    const sound =
      result.remaining === 0 && result.refused === 0 && once && inOrder && settingsMatch && keys.length > 0;

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    return [
      {
        what: `outbox: ${queued} operations queued offline, drained over ${FLEET_BROADBAND.name}`,
        value: `${seconds.toFixed(1)} s`,
        budget: 'under 15 s',
      },
      {
        what: 'outbox: applied once, in order per entity, last setting wins (server audit)',
        value: sound ? 'yes' : 'NO',
        budget: 'yes',
      },
      {
        // The batched push: what waits goes in requests of at most PUSH_MAX_OPS operations (gzipped).
        what: `outbox: requests on the link (${result.applied} applied, ${result.coalesced} coalesced)`,
        value: String(requests.length),
        budget: 'at most 10',
      },
      { what: 'outbox: bytes up on the link', value: kb(up), budget: 'at most 60 KB' },
      { what: 'outbox: bytes down on the link', value: kb(down), budget: '-' },
    ];
  } finally {
    await link.close();
  }
}
