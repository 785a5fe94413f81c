// A client behind the balancer whose instance dies (issue 15): three instances as processes of their own behind
// HAProxy, on one PostgreSQL and one RabbitMQ (server/cluster/cluster.ts, as `npm run cluster` runs them). A STOMP
// client subscribed to its vessel's room through HAProxy; messages are sent through the balancer all along; the
// instance holding the client is killed (SIGKILL). The client connects again through HAProxy, lands on another
// instance, and catches up from the room's history as the app does: every message sent is there once, and no message
// came live twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../server/cluster/cluster.ts';
import { freePortRange } from '../../server/cluster/services.ts';
import { roomTopic, type ChatMessage } from '../../src/core/contract/chat.ts';
import { frame, Peer } from '../helpers/stomp-peer.ts';

const API = '/api/v2/app/chat';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: Cluster;

async function signOn(usrId: string): Promise<string> {
  const login = await fetch(`${cluster.app}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId, password: 'demo' }),
    redirect: 'manual',
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const res = (await (await fetch(`${cluster.app}/IBP_REFRESH.do`, { headers: { cookie } })).json()) as {
    token?: string;
  };
  if (!res.token) throw new Error(`no token for ${usrId}`);
  return res.token;
}

const api = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${cluster.app}${API}${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** Connects through the balancer and subscribes to the room: the peer and the instance it landed on. */
async function subscribed(token: string, roomId: string): Promise<{ peer: Peer; on: number }> {
  const peer = await Peer.open(`${cluster.app.replace(/^http/, 'ws')}/ws`);
  peer.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'quay', 'heart-beat': '0,0', 'X-AUTH-TOKEN': token }),
  );
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  peer.send(frame('SUBSCRIBE', { id: 'room', destination: roomTopic(roomId), receipt: 'sub' }));
  expect((await peer.receipt('sub')).command).toBe('RECEIPT');
  // Which instance holds it: the one that counts a connection of this user.
  for (const [i, instance] of cluster.instances.entries()) {
    const live = (await (await fetch(`${instance.url}/api/dev/live?usrId=vessel`)).json()) as {
      userConnections?: number;
    };
    if ((live.userConnections ?? 0) > 0) return { peer, on: i };
  }
  throw new Error('no instance says it holds the connection');
}

beforeAll(async () => {
  cluster = await startCluster({
    instances: 3,
    port: await freePortRange(4),
    env: { SIMULATOR: 'off', LOG_LEVEL: 'warn' },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

it('a client whose instance is killed connects again through the balancer and misses nothing, twice nothing', async () => {
  const vessel = await signOn('vessel');
  const staff = await signOn('staff');
  const me = (await (
    await fetch(`${cluster.app}/api/v2/app/common/logged-user`, { headers: { 'x-auth-token': vessel } })
  ).json()) as { ofcId: string };
  const roomId = `V-${me.ofcId}`;
  await api(staff, 'GET', `/init-sub/vessel/${roomId.slice(2)}`);

  const first = await subscribed(vessel, roomId);

  // Messages go through the balancer all along, from shore, while the vessel's instance dies.
  const sent: number[] = [];
  let sending = true;
  const stamp = Date.now().toString(36);
  const sender = (async () => {
    for (let n = 0; sending; n++) {
      try {
        const res = await api<{ msgSeq?: number; message?: { msgSeq: number } }>(staff, 'POST', '/message', {
          roomId,
          clientMsgId: `fo-${stamp}-${n}`,
          msgText: `failover ${stamp} ${n}`,
        });
        const seq = res.msgSeq ?? res.message?.msgSeq;
        if (typeof seq === 'number') sent.push(seq);
      } catch {
        n--; // the balancer had not yet seen the instance go: the same message again (same clientMsgId: once)
      }
      await sleep(100);
    }
  })();

  await sleep(1500);
  const victim = cluster.instances[first.on];
  if (!victim) throw new Error('no victim');
  process.kill(victim.pid, 'SIGKILL');
  const killedAt = performance.now();
  await first.peer.closed;
  const heardBefore = first.peer
    .messages(roomTopic(roomId))
    .filter((m) => m.headers.event === 'message')
    .map((m) => (JSON.parse(m.body) as ChatMessage).msgSeq);

  // Connected again through the balancer: another instance.
  let again: { peer: Peer; on: number } | null = null;
  for (let tries = 0; !again && tries < 40; tries++) {
    again = await subscribed(vessel, roomId).catch(() => null);
    if (!again) await sleep(250);
  }
  if (!again) throw new Error('could not connect again through the balancer');
  expect(again.on).not.toBe(first.on);
  const backAfterMs = performance.now() - killedAt;

  await sleep(1500);
  sending = false;
  await sender;
  await sleep(1000);
  const heardAfter = again.peer
    .messages(roomTopic(roomId))
    .filter((m) => m.headers.event === 'message')
    .map((m) => (JSON.parse(m.body) as ChatMessage).msgSeq);

  // The catch-up the app makes on connecting again: the history newer than the last message heard.
  const last = Math.max(0, ...heardBefore);
  const page = await api<{ messages: ChatMessage[] }>(vessel, 'GET', `/history/${roomId}/0?size=100`);
  const historySeqs = page.messages.map((m) => m.msgSeq).filter((s) => s > last);

  const ours = new Set(sent);
  const heardLive = [...heardBefore, ...heardAfter].filter((s) => ours.has(s));
  // Nothing came live twice.
  expect(new Set(heardLive).size).toBe(heardLive.length);
  // Every message sent is known to the client: heard live, or in the history it fetched.
  const known = new Set([...heardLive, ...historySeqs]);
  expect(sent.filter((s) => !known.has(s))).toEqual([]);
  expect(sent.length).toBeGreaterThan(10);
  // Messages were heard live on both sides of the failover.
  expect(heardBefore.length).toBeGreaterThan(0);
  expect(heardAfter.length).toBeGreaterThan(0);
  console.log(
    `failover: connected again through the balancer ${backAfterMs.toFixed(0)} ms after the kill; ${sent.length} sent, ` +
      `${heardBefore.length} heard live before, ${heardAfter.length} after, ${historySeqs.length} from the history`,
  );
  again.peer.ws.close();
}, 180_000);
