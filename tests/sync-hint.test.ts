// The poke against the real server (docs/sync.md): the worker's live connection hears the user's sync hint; a hint
// that carries its change is applied with no request, one ahead of the device pulls once, one of chat alone while
// the room topics are heard asks nothing; a reconnect pulls once; while connected no periodic pass is planned, only
// the hourly safety pass, and without the connection the timer fits the link. Timers are the test's own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { roomIdOf, type ChatMember } from '../src/core/contract/chat.ts';
import { PENDING_MSG_SEQ, QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { liveChat, type LiveChat } from './helpers/live-chat.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import type { Timers } from '../worker/sync/engine.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app';
const NOW = 1_800_000_000_000;
const HOUR = 60 * 60_000;
let s: TestServer;
let url: string;
/** Every HTTP request of the device: method, path, status, and bytes (headers and body as sent). */
const seen: { call: string; bytes: number }[] = [];
/** Bytes of every WebSocket message the device received. */
let frameBytes: number[] = [];
const running: { sync: SyncService; live: LiveChat }[] = [];

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterEach(() => {
  for (const d of running.splice(0)) {
    d.live.stop();
    d.sync.stop();
  }
});
afterAll(() => s.close());

/** The pass timer: what is planned, and a way to fire it. */
function fakeTimers() {
  const planned = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    set(fn, ms) {
      planned.set(++next, { fn, ms });
      return next;
    },
    clear(handle) {
      planned.delete(handle as number);
    },
  };
  return { timers, planned: () => [...planned.values()].map((p) => p.ms), planned_: planned };
}

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A signed-on leader worker with its live connection up and the pull after it done. */
async function device(
  usrId: string,
  link = { metered: true },
  opening: { db?: QuayDb; liveComing?: () => boolean } = {},
) {
  await signOnHttp(url, usrId, {
    via: async ({ target, init, headers }, send) => {
      const res = await send();
      const body = await res.clone().arrayBuffer();
      const headerBytes = [...headers, ...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      seen.push({
        call: `${init?.method ?? 'GET'} ${target.pathname.replace(API, '')} ${res.status}`,
        bytes: headerBytes + body.byteLength + (typeof init?.body === 'string' ? init.body.length : 0),
      });
      return res;
    },
  });
  const db = opening.db ?? new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const tokens = new TokenStore(db);
  const clock = fakeTimers();
  const sync = createSyncService({
    db,
    tokens,
    locks: memoryLocks(),
    isOnline: () => true,
    now: () => NOW,
    random: () => 0.5,
    timers: clock.timers,
    linkMetered: () => link.metered,
    ...(opening.liveComing ? { liveComing: opening.liveComing } : {}),
  });
  const ws = `${url.replace(/^http/, 'ws')}/ws`;
  const live: LiveChat = liveChat({
    db,
    client: sync.client,
    tokens,
    isOnline: () => true,
    webSocketFactory: () => {
      const socket = new WebSocket(ws, ['v12.stomp']);
      socket.on('message', (data: Buffer) => frameBytes.push(data.length));
      return socket as unknown as IStompSocket;
    },
    reconnect: { baseMs: 50, maxMs: 200 },
    onHint: (hint) => void sync.hinted(hint, live.chatHeard()),
    onLive: (up) => sync.setLive(up),
  });
  running.push({ sync, live });
  sync.start();
  await sync.whenLeading();
  await live.start();
  await until(() => live.status().subscribed);
  // The pull after the connection came up (hints may have been missed before it), after the opening's own unless
  // that waited for the connection.
  const passes = opening.liveComing && opening.db ? 1 : 2;
  await until(async () => sync.engine.runs >= passes && !(await sync.getStatus()).syncing);
  // ...and the chat catch-up after it: every room's newest message is on the device.
  await until(async () => {
    for (const room of await db.chatRooms.toArray()) {
      const newest = await db.chatMessages
        .where('[roomId+msgSeq]')
        .between([room.roomId, 0], [room.roomId, PENDING_MSG_SEQ])
        .last();
      if ((newest?.msgSeq ?? 0) < (room.lastMessage?.msgSeq ?? 0)) return false;
    }
    return true;
  });
  return { db, sync, live, clock, link };
}

const inject = async (usrId: string): Promise<number> => {
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N002', count: 1 } });
  const [notSeq] = res.json<{ notSeqs: number[] }>().notSeqs;
  if (!notSeq) throw new Error('nothing injected');
  return notSeq;
};

describe('the sync hint', () => {
  it('applies a hint that carries its change with no request, and pulls once for a hint ahead of the device', async () => {
    const { db, sync } = await device('vessel');
    const before = await db.getMeta('pullState');
    seen.length = 0;
    frameBytes = [];
    const first = await inject('vessel');
    await until(async () => (await db.notifications.get(first)) !== undefined);
    expect(seen).toEqual([]);
    expect(await db.notificationDetails.get(first)).toMatchObject({ notSeq: first });
    const after = await db.getMeta('pullState');
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    console.log(
      `a hinted notification: ${seen.length} requests, ${frameBytes.length} frame(s) of ${frameBytes.join(' + ')} B`,
    );

    // A hint at or below the device's version is known already.
    await sync.hinted({ v: after?.version ?? 0, k: ['notifications'] }, false);
    expect(seen).toEqual([]);

    // The device is behind the next hint's `from` (its cursor from before the first): it pulls once.
    if (!before) throw new Error('no cursor');
    await db.setMeta('pullState', before);
    await db.notifications.delete(first);
    const second = await inject('vessel');
    await until(async () => (await db.notifications.get(second)) !== undefined);
    await until(async () => !(await sync.getStatus()).syncing);
    expect(seen.map((r) => r.call)).toEqual(['POST /sync/pull 200']);
    expect(await db.notifications.get(first)).toMatchObject({ notSeq: first });
    console.log(`a hint ahead of the device: 1 pull of ${seen[0]?.bytes ?? 0} B (headers and body)`);
  });

  it('asks nothing for a hint of chat alone while the room topics bring it', async () => {
    const { db, live } = await device('vessel');
    expect(live.chatHeard()).toBe(true);
    const room = roomIdOf('QHZN');
    const joined = (await s.call('GET', `${API}/chat/join-list/V/?roomIds=${room}`, { as: 'vessel' })).json<
      { roomId: string; members: ChatMember[] }[]
    >();
    const shore = joined[0]?.members.find((m) => m.senderType === 'S')?.usrId ?? '';
    // The device is behind the hint's `from`, so it cannot apply it inline: only the topic can bring the message.
    const state = await db.getMeta('pullState');
    await s.call('POST', '/api/dev/notifications', { body: { usrId: 'vessel', notId: 'N002', count: 1 } });
    await until(async () => ((await db.getMeta('pullState'))?.version ?? 0) > (state?.version ?? 0));
    if (state) await db.setMeta('pullState', state);
    seen.length = 0;
    const text = `from shore ${Date.now()}`;
    const res = await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: room, sender: shore, text },
    });
    const [msgSeq] = res.json<{ msgSeqs: number[] }>().msgSeqs;
    await until(async () => (await db.chatMessages.get([room, msgSeq ?? 0]))?.msgText === text);
    await new Promise((r) => setTimeout(r, 200)); // the hint has come by now
    expect(seen).toEqual([]);
  });

  it('pulls once when the app opens again: the first pass waits for the live connection', async () => {
    const first = await device('vessel');
    for (const d of running.splice(0)) {
      d.live.stop();
      d.sync.stop();
    }
    seen.length = 0;
    const again = await device('vessel', { metered: true }, { db: first.db, liveComing: () => true });
    expect(again.sync.engine.runs).toBe(1);
    expect(seen.filter((r) => r.call.startsWith('POST /sync/pull'))).toHaveLength(1);
    expect(again.clock.planned()).toEqual([HOUR]);
  });

  it('plans no periodic pass while connected, only the hourly safety pass; without it a timer fitted to the link', async () => {
    const { sync, live, clock, link } = await device('agent', { metered: true }, { liveComing: () => true });
    // Chat or not, every signed-on user holds the connection (an agent whose rooms may be none).
    expect(live.status().state).toBe('connected');
    expect(clock.planned()).toEqual([HOUR]);
    expect((await sync.getStatus()).nextAttemptAt).toBe(NOW + HOUR);

    // The connection goes: 15 minutes on a metered link, 5 on a cheap one; none offline.
    live.setOnline(false);
    await until(() => !sync.engine.live);
    await until(() => clock.planned()[0] === 15 * 60_000);
    expect(clock.planned()).toEqual([15 * 60_000]);
    link.metered = false;
    await sync.setOnline(false);
    expect(clock.planned()).toEqual([]);

    // Back: the link's return waits for the live connection, which pulls once it is up; then the hourly pass.
    seen.length = 0;
    await sync.setOnline(true);
    expect(clock.planned()).toEqual([5_000]);
    live.setOnline(true);
    await until(() => live.status().subscribed);
    // The connection's pull starts after it subscribes: wait until it has been sent and the pass is over.
    const pulled = () => seen.some((r) => r.call.startsWith('POST /sync/pull'));
    await until(async () => pulled() && sync.engine.live && !(await sync.getStatus()).syncing);
    expect(seen.filter((r) => r.call.startsWith('POST /sync/pull'))).toHaveLength(1);
    expect(clock.planned()).toEqual([HOUR]);

    // The safety pass fires: one pull, and the next an hour on.
    seen.length = 0;
    const [timer] = clock.planned_.values();
    timer?.fn();
    await until(() => seen.length > 0);
    await until(async () => !(await sync.getStatus()).syncing);
    expect(seen.map((r) => r.call)).toEqual(['POST /sync/pull 200']);
    expect(clock.planned()).toEqual([HOUR]);
  });
});
