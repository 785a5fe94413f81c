// The embedded STOMP 1.2 broker at /ws (architecture.md#live-path, architecture.md#the-reference-server; product.md#chat-calls chat stream) against the real server on
// a loopback port, with real WebSocket clients (ws, and once @stomp/stompjs as the app's worker uses it): CONNECT
// and its token, heart-beats and the idle close, per-subscriber unread counts, room topics for members only,
// idempotent SENDs answered with a RECEIPT once stored, malformed frames, escaping, frames split and joined, limits,
// chat pushes to members with no connection, the dev route and the simulator's chat lines.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { escape, frame, Peer, type InFrame } from './helpers/stomp-peer.ts';
import { createTokens } from '../server/auth/tokens.ts';
import { DEFAULT_STOMP_SETTINGS, type StompSettings } from '../server/stomp/broker.ts';
import { sendShare } from '../server/stomp/rate.ts';
import { startSimulator } from '../server/simulator/index.ts';
import { rng } from '../server/seed/rng.ts';
import {
  MSG_TEXT_MAX,
  UNREAD_TOPIC,
  roomTopic,
  sendDestination,
  type ChatMessage,
  type ReadReceipt,
  type UnreadItem,
} from '../src/core/contract/chat.ts';
import { parsePushPayload, type ChatPush } from '../src/core/contract/push.ts';
import { SYNC_HINT_TOPIC } from '../src/core/contract/sync.ts';

const API = '/api/v2/app/chat';
const HOUR = 3_600_000;

// ---- the server, and a push service on loopback (as in push.test.ts) ----

let s: TestServer;
let url = '';
/** The demo vessel user's vessel (lane chat-enabled) and its room. */
let V = '';
let ROOM = '';
let V2 = '';
const peers: Peer[] = [];
let seq = 0;
const cid = (tag: string) => `s-${tag}-${Date.now().toString(36)}-${++seq}`;

let pushServer: Server;
let pushBase = '';
const pushes: { path: string; body: Buffer }[] = [];

async function connect(
  as: string | null,
  headers: Record<string, string> = {},
  command = 'CONNECT',
): Promise<{ peer: Peer; reply: InFrame }> {
  const peer = await Peer.open(url);
  peers.push(peer);
  const h: Record<string, string> = { 'accept-version': '1.2', host: 'localhost', ...headers };
  if (as) h['X-AUTH-TOKEN'] = await s.token(as);
  peer.send(frame(command, h));
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  return { peer, reply };
}

async function connected(as: string | null, headers: Record<string, string> = {}): Promise<Peer> {
  const { peer, reply } = await connect(as, headers);
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  return peer;
}

async function subscribe(peer: Peer, destination: string, id = destination): Promise<void> {
  const receipt = `sub-${id}`;
  peer.send(frame('SUBSCRIBE', { id, destination, receipt }));
  const got = await peer.next(
    (f) => (f.command === 'RECEIPT' && f.headers['receipt-id'] === receipt) || f.command === 'ERROR',
  );
  expect(got.command, got.headers.message).toBe('RECEIPT');
}

/** An ERROR frame with that status, and then the socket closed. */
async function expectError(peer: Peer, status: number, text?: string): Promise<InFrame> {
  const err = await peer.command('ERROR');
  expect(err.headers.message, err.body).toMatch(new RegExp(`^${status} `));
  if (text) expect(err.headers.message).toContain(text);
  const { code } = await peer.closed;
  expect(code).not.toBe(1006);
  return err;
}

const rest = (method: string, path: string, as: string, body?: unknown) =>
  s.call(method, `${API}${path}`, { as, ...(body === undefined ? {} : { body }) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let syncs = 0;
/**
 * Waits until every live update queued so far has reached these peers: the server has written them once the chat
 * side has settled, and a RECEIPT asked for after that comes behind them on each socket (writes keep their order).
 */
async function sync(...list: Peer[]): Promise<void> {
  await s.app.ctx.chat.settled();
  await Promise.all(
    list.map((p) => {
      const receipt = `sync-${++syncs}`;
      p.send(frame('ACK', { id: 'sync', receipt }));
      return p.receipt(receipt);
    }),
  );
}

/** These tests send faster than a person: the fair share of SEND stays out of their way (stomp-flood.test.ts has it). */
const SETTINGS: StompSettings = { ...DEFAULT_STOMP_SETTINGS, ...sendShare(100_000, 6_000_000) };

/** Sets broker settings for one test; afterEach puts the defaults back. */
function tune(settings: Partial<StompSettings>): void {
  Object.assign(s.app.ctx.live.broker.settings, settings);
}

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '/', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;

  s = await startTestServer({ pushLoopback: true });
  tune(SETTINGS);
  url = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
  const one = async <T>(sql: string): Promise<T> => {
    const rows = await s.db.query<T>(sql);
    if (!rows[0]) throw new Error(`no row for ${sql}`);
    return rows[0];
  };
  V = (await one<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel'`)).ofc_id;
  V2 = (await one<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel2'`)).ofc_id;
  ROOM = `V-${V}`;
  // The vessel, staff and the operator are members of the vessel's room; the viewer is in no room.
  await s.db.query(`DELETE FROM chat_members WHERE usr_id = 'viewer'`);
  await s.db.query(`DELETE FROM user_relations WHERE usr_id = 'viewer' AND rel_tp_cd = 'REL_USR_VSL'`);
  for (const as of ['vessel', 'staff', 'operator'])
    expect((await rest('GET', `/init-sub/vessel/${V}`, as)).statusCode).toBe(200);
});

afterEach(async () => {
  const open = peers.splice(0);
  for (const p of open) p.close();
  await Promise.race([Promise.all(open.map((p) => p.closed)), sleep(3000)]);
  // The server has seen every close once no user is counted as connected any more.
  for (let i = 0; i < 100 && s.app.ctx.live.broker.connectedUsers().size > 0; i++) await sleep(10);
  Object.assign(s.app.ctx.live.broker.settings, SETTINGS);
  await s.app.ctx.chat.settled();
});

afterAll(async () => {
  await s?.close();
  await new Promise((r) => pushServer.close(r));
});

describe('CONNECT', () => {
  it('answers CONNECTED 1.2 for a good token in X-AUTH-TOKEN, with the v12.stomp subprotocol', async () => {
    const { peer, reply } = await connect('vessel', { 'heart-beat': '0,0' });
    expect(reply.command).toBe('CONNECTED');
    expect(reply.headers).toMatchObject({
      version: '1.2',
      'heart-beat': '60000,60000',
      'user-name': 'vessel',
    });
    expect(reply.headers.session).toBeTruthy();
    expect(peer.ws.protocol).toBe('v12.stomp');
  });

  it('takes the token in passcode too, and the STOMP command', async () => {
    const peer = await Peer.open(url);
    peers.push(peer);
    peer.send(
      frame('STOMP', {
        'accept-version': '1.1,1.2',
        host: 'x',
        login: 'vessel',
        passcode: await s.token('vessel'),
      }),
    );
    expect((await peer.next((f) => f.command !== '')).command).toBe('CONNECTED');
  });

  it('refuses a missing, expired or tampered token with ERROR 401 and closes', async () => {
    const missing = await connect(null);
    expect(missing.reply.command).toBe('ERROR');
    await expectError(missing.peer, 401, 'missing');

    const good = await s.token('vessel');
    const claims = JSON.parse(Buffer.from(good.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    const secret = s.app.ctx.config.tokenSecret ?? s.app.ctx.secrets.tokenSecret;
    const expired = await createTokens(secret, -60).sign({ usrId: 'vessel', sid: claims.sid });
    const old = await connect(null, { 'X-AUTH-TOKEN': expired });
    await expectError(old.peer, 401, 'expired');

    const [h, p, sig = ''] = good.split('.');
    const flipped = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await connect(null, { 'X-AUTH-TOKEN': flipped });
    await expectError(tampered.peer, 401);

    // Another user's claims with the right shape but a foreign key.
    const forged = await createTokens('not-the-secret-'.repeat(3), 900).sign({
      usrId: 'staff',
      sid: claims.sid,
    });
    await expectError((await connect(null, { passcode: forged })).peer, 401);
  });

  it('refuses a client without STOMP 1.2 (ERROR 505 with version) and frames before CONNECT', async () => {
    const old = await connect('vessel', { 'accept-version': '1.0,1.1' });
    const err = await expectError(old.peer, 505);
    expect(err.headers.version).toBe('1.2');

    const peer = await Peer.open(url);
    peers.push(peer);
    peer.send(frame('SUBSCRIBE', { id: '1', destination: UNREAD_TOPIC }));
    await expectError(peer, 400, 'before CONNECT');
  });

  it('takes a client offering only STOMP 1.0 or 1.1 and tells it with an ERROR that 1.2 is needed', async () => {
    for (const offered of [['v10.stomp'], ['v11.stomp'], ['v10.stomp', 'v11.stomp']]) {
      const peer = await Peer.open(url, offered);
      peers.push(peer);
      expect(offered).toContain(peer.ws.protocol);
      peer.send(
        frame('CONNECT', { 'accept-version': '1.0,1.1', host: 'quay', passcode: await s.token('vessel') }),
      );
      const err = await expectError(peer, 505);
      expect(err.headers.version).toBe('1.2');
      expect(err.headers.message).toContain('1.2');
    }
  });

  it("refuses a socket opened by another site's page (its Origin), and takes this origin's and a client without one", async () => {
    const host = new URL(url).host;
    const opened = (origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, ['v12.stomp'], origin ? { origin } : {});
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', () => resolve(0));
      });
    expect(await opened('https://evil.example')).toBe(403);
    expect(await opened('null')).toBe(403);
    expect(await opened(`http://${host}`)).toBe(101);
    expect(await opened()).toBe(101);
  });

  it('connects a vessel user whose lane is not chat-enabled (the sync hint), but refuses its room topics and SENDs (403), as REST does', async () => {
    const ship = await connected('vessel2');
    await subscribe(ship, SYNC_HINT_TOPIC);
    await subscribe(ship, UNREAD_TOPIC);
    ship.send(frame('SUBSCRIBE', { id: 'room', destination: roomTopic(`V-${V2}`) }));
    await expectError(ship, 403, 'Chat is not enabled');

    const sender = await connected('vessel2');
    sender.send(
      frame(
        'SEND',
        { destination: sendDestination(`V-${V2}`) },
        JSON.stringify({ clientMsgId: cid('n'), text: 'x' }),
      ),
    );
    await expectError(sender, 403, 'Chat is not enabled');
  });

  it('closes a socket that never sends CONNECT', async () => {
    tune({ connectTimeoutMs: 150 });
    const peer = await Peer.open(url);
    peers.push(peer);
    await expectError(peer, 408);
  });

  it('works with @stomp/stompjs, the client the app uses (webSocketFactory from ws on Node)', async () => {
    const token = await s.token('staff');
    const got: IMessage[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
      connectHeaders: { 'X-AUTH-TOKEN': token },
      heartbeatIncoming: 20_000,
      heartbeatOutgoing: 20_000,
      reconnectDelay: 0,
    });
    const ready = new Promise<void>((resolve, reject) => {
      client.onConnect = () => resolve();
      client.onStompError = (f) => reject(new Error(f.headers.message));
    });
    client.activate();
    await ready;
    const arrived = new Promise<void>((resolve) =>
      client.subscribe(roomTopic(ROOM), (m) => {
        got.push(m);
        resolve();
      }),
    );
    const stored = new Promise<string>((resolve) =>
      client.watchForReceipt('r-js', (f) => resolve(f.headers['msg-seq'] ?? '')),
    );
    // A subscription is in place once a later frame is answered: frames of a connection are handled in order.
    client.publish({
      destination: sendDestination(ROOM),
      body: JSON.stringify({ clientMsgId: cid('js'), text: 'from stompjs' }),
      headers: { receipt: 'r-js' },
    });
    const msgSeq = Number(await stored);
    await arrived;
    expect(got[0]?.headers.event).toBe('message');
    expect(JSON.parse(got[0]?.body ?? '{}')).toMatchObject({
      msgSeq,
      sender: 'staff',
      msgText: 'from stompjs',
    });
    await client.deactivate();
  });
});

describe('heart-beats', () => {
  it('negotiates max(server, client) each way, sends EOLs, and closes a client silent for 2.5 intervals', async () => {
    // No timing bounds beyond what the rule itself says (the machine may be busy): beats come, a beating client
    // stays, a silent one goes, and never before 2.5 intervals of silence.
    tune({ heartBeat: [1000, 1000] });
    // Client: can send every 100 ms, wants one every 1500 ms -> the server sends every 1500 and expects one every
    // 1000 (the larger each way), so it drops the client after 2500 ms of silence.
    const peer = await connected('vessel', { 'heart-beat': '100,1500' });
    expect(peer.frames[0]?.headers['heart-beat']).toBe('1000,1000');
    const t0 = performance.now();
    let lastBeat = t0;
    const beating = setInterval(() => {
      peer.send('\n');
      lastBeat = performance.now();
    }, 100);
    await expect.poll(() => peer.beats.filter((t) => t > t0).length, { timeout: 10_000 }).toBeGreaterThan(0);
    clearInterval(beating);
    expect(peer.ws.readyState).toBe(WebSocket.OPEN);
    const { at } = await peer.closed;
    const silentFor = at - lastBeat;
    expect(silentFor).toBeGreaterThanOrEqual(2490);
    console.log(`stomp: idle client closed after ${Math.round(silentFor)} ms of silence (limit 2500 ms)`);
  });

  it('sends none and closes none when the client asks for none (0,0)', async () => {
    tune({ heartBeat: [50, 50] });
    const peer = await connected('vessel', { 'heart-beat': '0,0' });
    await sleep(400);
    expect(peer.beats).toEqual([]);
    expect(peer.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a malformed heart-beat header', async () => {
    const { peer } = await connect('vessel', { 'heart-beat': 'soon' });
    await expectError(peer, 400, 'heart-beat');
  });
});

describe('/topic/vessel-unread', () => {
  it('delivers each subscriber only its own counts, for every member of the room, on each new message', async () => {
    const ship = await connected('vessel');
    const shore = await connected('staff');
    await subscribe(ship, UNREAD_TOPIC);
    await subscribe(shore, UNREAD_TOPIC);
    await rest('GET', `/read-messages/${ROOM}`, 'vessel');
    await rest('GET', `/read-messages/${ROOM}`, 'staff');
    await sync(ship, shore);
    const from = { ship: ship.frames.length, shore: shore.frames.length };

    const res = await rest('POST', '/message', 'staff', {
      roomId: ROOM,
      clientMsgId: cid('u'),
      msgText: 'one',
    });
    expect(res.statusCode).toBe(200);
    await rest('POST', '/message', 'staff', { roomId: ROOM, clientMsgId: cid('u'), msgText: 'two' });
    const shipSaw = await ship.next(
      (f) => f.command === 'MESSAGE' && (JSON.parse(f.body) as UnreadItem).unreadCount === 2,
      5000,
      from.ship,
    );
    expect(JSON.parse(shipSaw.body)).toEqual({ subscriber: 'vessel', roomId: ROOM, unreadCount: 2 });
    expect(shipSaw.headers).toMatchObject({ destination: UNREAD_TOPIC, subscription: UNREAD_TOPIC });
    // The sender's own count (its own messages are never unread) comes to the sender alone.
    const shoreSaw = await shore.next((f) => f.command === 'MESSAGE', 5000, from.shore);
    expect(JSON.parse(shoreSaw.body)).toEqual({ subscriber: 'staff', roomId: ROOM, unreadCount: 0 });

    // Reading brings the reader's count down, on the reader's connections only.
    await sync(shore);
    const before = shore.frames.length;
    await rest('GET', `/read-messages/${ROOM}`, 'vessel');
    const zero = await ship.next(
      (f) => f.command === 'MESSAGE' && (JSON.parse(f.body) as UnreadItem).unreadCount === 0,
      5000,
      from.ship,
    );
    expect(JSON.parse(zero.body)).toEqual({ subscriber: 'vessel', roomId: ROOM, unreadCount: 0 });
    await sync(shore);
    expect(
      shore.frames
        .slice(before)
        .filter((f) => f.headers.destination === UNREAD_TOPIC)
        .map((f) => f.body),
    ).toEqual([]);

    for (const [peer, me] of [
      [ship, 'vessel'],
      [shore, 'staff'],
    ] as const) {
      const items = peer.messages(UNREAD_TOPIC).map((f) => JSON.parse(f.body) as UnreadItem);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i.subscriber === me)).toBe(true);
    }
  });

  it('sends nothing to a user who is not a member of the room', async () => {
    const outsider = await connected('agent');
    await subscribe(outsider, UNREAD_TOPIC);
    const member = (
      await s.db.query(`SELECT 1 FROM chat_members WHERE room_id = $1 AND usr_id = 'agent'`, [ROOM])
    ).length;
    await rest('POST', '/message', 'vessel', {
      roomId: ROOM,
      clientMsgId: cid('o'),
      msgText: 'not for agents',
    });
    await sync(outsider);
    const items = outsider.messages(UNREAD_TOPIC).map((f) => JSON.parse(f.body) as UnreadItem);
    expect(items.every((i) => i.subscriber === 'agent')).toBe(true);
    if (!member) expect(items).toEqual([]);
  });
});

describe('room topics', () => {
  it('lets members subscribe and refuses others with ERROR 403 (unknown room 404, unknown topic 404)', async () => {
    const member = await connected('operator');
    await subscribe(member, roomTopic(ROOM));

    const viewer = await connected('viewer');
    viewer.send(frame('SUBSCRIBE', { id: 'x', destination: roomTopic(ROOM), receipt: 'r' }));
    const err = await expectError(viewer, 403, `not a member of chat room ${ROOM}`);
    expect(err.headers['receipt-id']).toBe('r');

    const unknown = await connected('staff');
    unknown.send(frame('SUBSCRIBE', { id: 'x', destination: roomTopic('V-ZZZ9') }));
    await expectError(unknown, 404);

    const other = await connected('staff');
    other.send(frame('SUBSCRIBE', { id: 'x', destination: '/topic/everything' }));
    await expectError(other, 404, 'no such destination');

    const app = await connected('staff');
    app.send(frame('SUBSCRIBE', { id: 'x', destination: sendDestination(ROOM) }));
    await expectError(app, 404);
  });

  it('carries new messages in the REST history shape and read receipts, to members only', async () => {
    const shore = await connected('staff');
    await subscribe(shore, roomTopic(ROOM));
    const from = shore.frames.length;
    const sent = await rest('POST', '/message', 'vessel', {
      roomId: ROOM,
      clientMsgId: cid('shape'),
      msgText: '<b>not html</b>',
    });
    const stored = sent.json<{ message: ChatMessage }>().message;
    const msg = await shore.next((f) => f.headers.event === 'message', 5000, from);
    const body = JSON.parse(msg.body) as ChatMessage;
    const page = (await rest('GET', `/history/${ROOM}/0?size=1`, 'staff')).json<{
      messages: ChatMessage[];
    }>();
    expect(body).toEqual(page.messages[0]);
    expect(body).toEqual({ ...stored, readDate: null, readSource: null, readCount: 0 });

    await rest('GET', `/read-message/${stored.msgSeq}?roomId=${ROOM}&readSource=M`, 'staff');
    const read = await shore.next((f) => f.headers.event === 'read', 5000, from);
    const after = (await rest('GET', `/history/${ROOM}/0?size=1`, 'staff')).json<{
      messages: ChatMessage[];
    }>();
    const readDate = after.messages[0]?.readDate ?? '';
    expect(readDate).toBeTruthy();
    expect(JSON.parse(read.body)).toEqual({
      roomId: ROOM,
      reader: 'staff',
      readerType: 'S',
      uptoSeq: stored.msgSeq,
      readDate,
    } satisfies ReadReceipt);
  });
});

describe('SEND /app/chat/{roomId}', () => {
  it('stores once with a RECEIPT; a resend with the same clientMsgId stores nothing and still gets its RECEIPT', async () => {
    const ship = await connected('vessel');
    const shore = await connected('staff');
    await subscribe(shore, roomTopic(ROOM));
    const clientMsgId = cid('once');
    const body = JSON.stringify({ clientMsgId, text: 'ETA 0600 LT, pilot requested' });

    const t0 = performance.now();
    ship.send(
      frame(
        'SEND',
        { destination: sendDestination(ROOM), 'content-type': 'application/json', receipt: 'r1' },
        body,
      ),
    );
    const delivered = await shore.next((f) => f.command === 'MESSAGE' && f.body.includes(clientMsgId));
    const latency = delivered.at - t0;
    const r1 = await ship.receipt('r1');
    expect(r1.headers.duplicate).toBe('false');
    const msgSeq = Number(r1.headers['msg-seq']);
    expect(JSON.parse(delivered.body)).toMatchObject({
      msgSeq,
      clientMsgId,
      sender: 'vessel',
      senderType: 'V',
    });

    ship.send(frame('SEND', { destination: sendDestination(ROOM), receipt: 'r2' }, body));
    const r2 = await ship.receipt('r2');
    expect(r2.headers).toMatchObject({ 'msg-seq': String(msgSeq), duplicate: 'true' });
    const rows = await s.db.query(
      `SELECT 1 FROM chat_messages WHERE sender = 'vessel' AND client_msg_id = $1`,
      [clientMsgId],
    );
    expect(rows).toHaveLength(1);
    // The same clientMsgId through the outbox (REST) is the same message too.
    const viaRest = await rest('POST', '/message', 'vessel', {
      roomId: ROOM,
      clientMsgId,
      msgText: 'ETA 0600 LT, pilot requested',
    });
    expect(viaRest.json()).toMatchObject({ duplicate: true, message: { msgSeq } });
    await sync(shore);
    expect(shore.frames.filter((f) => f.command === 'MESSAGE' && f.body.includes(clientMsgId))).toHaveLength(
      1,
    );

    // The same id for another text is a conflict.
    ship.send(
      frame(
        'SEND',
        { destination: sendDestination(ROOM), receipt: 'r3' },
        JSON.stringify({ clientMsgId, text: 'other' }),
      ),
    );
    const err = await expectError(ship, 409);
    expect(err.headers['receipt-id']).toBe('r3');

    // Latency and size on loopback, measured: median of a few more sends.
    const again = await connected('vessel');
    const lat: number[] = [];
    const wire: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = cid('lat');
      const t = performance.now();
      again.send(
        frame(
          'SEND',
          { destination: sendDestination(ROOM), receipt: `l${i}` },
          JSON.stringify({ clientMsgId: id, text: `Noon report ${i}: 16.5 kts, ETA unchanged.` }),
        ),
      );
      const got = await shore.next((f) => f.command === 'MESSAGE' && f.body.includes(id));
      lat.push(got.at - t);
      wire.push(got.wireBytes);
    }
    lat.sort((a, b) => a - b);
    const frameBytes = Buffer.byteLength(
      `MESSAGE\n${Object.entries(delivered.headers)
        .map(([k, v]) => `${escape(k)}:${escape(v)}`)
        .join('\n')}\n\n${delivered.body}\0`,
    );
    console.log(
      `stomp: SEND to the other member's MESSAGE on loopback: first ${latency.toFixed(1)} ms, median of 10 ${lat[5]?.toFixed(1)} ms, ` +
        `max ${lat[9]?.toFixed(1)} ms; one MESSAGE frame ${frameBytes} bytes as STOMP (${Buffer.byteLength(delivered.body)} of them the JSON body); ` +
        `on the wire (WebSocket framing, permessage-deflate) the first ${delivered.wireBytes} bytes, the next ten ${wire.join(' ')}`,
    );
  });

  it('refuses bad bodies with ERROR 400 and stores nothing', async () => {
    const bad: [string, string][] = [
      ['not json', 'JSON'],
      ['[1]', 'object'],
      [JSON.stringify({ text: 'no id' }), 'clientMsgId'],
      [JSON.stringify({ clientMsgId: 'has space', text: 'x' }), 'clientMsgId'],
      [JSON.stringify({ clientMsgId: 'bad-1' }), 'text'],
      [JSON.stringify({ clientMsgId: 'bad-2', text: ' \n ' }), 'blank'],
      [JSON.stringify({ clientMsgId: 'bad-3', text: 'nul \u0000 inside' }), 'NUL'],
      [JSON.stringify({ clientMsgId: 'bad-4', text: 'x'.repeat(MSG_TEXT_MAX + 1) }), `${MSG_TEXT_MAX}`],
    ];
    for (const [body, why] of bad) {
      const peer = await connected('vessel');
      peer.send(frame('SEND', { destination: sendDestination(ROOM), receipt: 'b' }, body));
      const err = await expectError(peer, 400, why);
      expect(err.headers['receipt-id']).toBe('b');
    }
    expect(await s.db.query(`SELECT 1 FROM chat_messages WHERE client_msg_id LIKE 'bad-%'`)).toHaveLength(0);
  });

  it('refuses text that is not valid Unicode (a lone surrogate, bytes that are not UTF-8) with ERROR 400, stores nothing', async () => {
    const head = (receipt: string) =>
      `SEND\ndestination:${escape(sendDestination(ROOM))}\nreceipt:${receipt}\n\n`;
    const cases: [string | Buffer, string][] = [
      // JSON's escapes, as a client's JSON.stringify writes an unpaired surrogate: high, low, reversed pair, at the end.
      ...['\ud800', '\udc00', '\udc00\ud800', 'text\ud83d'].map((text, i): [string, string] => [
        frame(
          'SEND',
          { destination: sendDestination(ROOM), receipt: 'u' },
          JSON.stringify({ clientMsgId: `bad-u${i}`, text }),
        ),
        'body.text must be text of valid Unicode (it holds a lone surrogate)',
      ]),
      // Bytes: a surrogate written as UTF-8 (ED A0 80), and a byte that is never UTF-8; in the body and in a header.
      [
        Buffer.concat([
          Buffer.from(`${head('u')}{"clientMsgId":"bad-u8","text":"x`),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"}\0'),
        ]),
        'body must be text of valid Unicode (it is not valid UTF-8)',
      ],
      [
        Buffer.concat([
          Buffer.from(`${head('u')}{"clientMsgId":"bad-u9","text":"x`),
          Buffer.from([0xff]),
          Buffer.from('"}\0'),
        ]),
        'body must be text of valid Unicode (it is not valid UTF-8)',
      ],
      [
        Buffer.concat([
          Buffer.from(head('u').replace('\n\n', '')),
          Buffer.from([0xff]),
          Buffer.from('\n\n{"clientMsgId":"bad-u10","text":"x"}\0'),
        ]),
        'frame headers must be text of valid Unicode (they are not valid UTF-8)',
      ],
    ];
    for (const [data, why] of cases) {
      const peer = await connected('vessel');
      peer.send(data);
      await expectError(peer, 400, why);
    }
    expect(await s.db.query(`SELECT 1 FROM chat_messages WHERE client_msg_id LIKE 'bad-u%'`)).toHaveLength(0);
  });

  it('refuses SEND by a non-member (403), to a topic (403), to another destination (404) and in a transaction (501)', async () => {
    const viewer = await connected('viewer');
    viewer.send(
      frame(
        'SEND',
        { destination: sendDestination(ROOM) },
        JSON.stringify({ clientMsgId: cid('v'), text: 'hi' }),
      ),
    );
    await expectError(viewer, 403);
    const topic = await connected('vessel');
    topic.send(frame('SEND', { destination: roomTopic(ROOM) }, '{}'));
    await expectError(topic, 403);
    const elsewhere = await connected('vessel');
    elsewhere.send(frame('SEND', { destination: '/app/other' }, '{}'));
    await expectError(elsewhere, 404);
    const tx = await connected('vessel');
    tx.send(frame('BEGIN', { transaction: 't1' }));
    await expectError(tx, 501);
  });

  it('lets the server close the connections of one session (sign-out) with ERROR 401', async () => {
    const peer = await connected('vessel');
    const other = await connected('staff');
    const token = await s.token('vessel');
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    expect(s.app.ctx.live.broker.disconnectWhere((u) => u.sid === sid, 401, 'signed out')).toBe(1);
    await expectError(peer, 401, 'signed out');
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the sockets of a session when it logs out (GET /IBP_REFRESH.do?f_cmd=11), and no others', async () => {
    // A session of its own: the cached ones of the other tests stay signed on.
    const login = await s.app.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { usrId: 'agent', password: 'demo' },
    });
    const cookie = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const refresh = await s.app.inject({
      method: 'GET',
      url: '/IBP_REFRESH.do',
      cookies: { quay_sid: cookie },
    });
    const token = refresh.json<{ token: string }>().token;
    const leaving = await connected(null, { 'X-AUTH-TOKEN': token });
    const staying = await connected('agent');
    const out = await s.app.inject({
      method: 'GET',
      url: '/IBP_REFRESH.do?f_cmd=11',
      headers: { 'x-auth-token': token },
    });
    expect(out.json()).toEqual({ Result: 'Ok' });
    await expectError(leaving, 401, 'Signed out');
    expect(staying.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('answers a SEND after the session ended with ERROR 401', async () => {
    const peer = await connected('operator');
    await s.db.query(`UPDATE sessions SET ended_at = now() WHERE usr_id = 'operator' AND ended_at IS NULL`);
    try {
      peer.send(
        frame(
          'SEND',
          { destination: sendDestination(ROOM) },
          JSON.stringify({ clientMsgId: cid('x'), text: 'hi' }),
        ),
      );
      await expectError(peer, 401, 'session has ended');
    } finally {
      await s.db.query(`UPDATE sessions SET ended_at = NULL WHERE usr_id = 'operator'`);
    }
  });
});

describe('frames', () => {
  it('answers ERROR and closes on malformed frames', async () => {
    const cases: [string | Buffer, number, string][] = [
      ['HELLO\n\n\0', 400, 'unknown command'],
      [frame('SEND', {}, '{}'), 400, 'destination'],
      [frame('SUBSCRIBE', { destination: UNREAD_TOPIC }), 400, 'id header'],
      [frame('UNSUBSCRIBE', {}), 400, 'id header'],
      ['SEND\ndestination:/app/chat/x\nbroken header\n\n{}\0', 400, 'malformed header'],
      ['SEND\ndestination:/app/\\tbad\n\n{}\0', 400, 'escape'],
      ['SEND\ndestination:/app/chat/x\ncontent-length:2\n\n{}}\0', 400, 'NUL'],
      ['SEND\ndestination:/app/chat/x\ncontent-length:abc\n\n{}\0', 400, 'content-length'],
      ['SEND\ndestination:/app/chat/x\0', 400, 'NUL'],
      [frame('SEND', { destination: sendDestination(ROOM) }, 'x'.repeat(70 * 1024)), 413, 'larger than'],
      [`SEND\ndestination:${'y'.repeat(70 * 1024)}`, 413, 'larger than'],
    ];
    for (const [data, status, text] of cases) {
      const peer = await connected('vessel');
      peer.send(data);
      await expectError(peer, status, text);
    }
  });

  it('closes on a frame that never gets its NUL', async () => {
    tune({ partialFrameTimeoutMs: 200 });
    const peer = await connected('vessel');
    peer.send(`SEND\ndestination:${sendDestination(ROOM)}\n\n{"clientMsgId":"nonul","text":"x"}`);
    await expectError(peer, 400, 'no NUL');
  });

  it('round-trips escaped headers (\\\\ \\n \\r \\c)', async () => {
    const peer = await connected('vessel');
    const id = 'sub:1\\a\nb\rc';
    const receipt = 'r:\n\\x';
    // Written on the wire with escapes, by hand.
    peer.send(
      `SUBSCRIBE\nid:sub\\c1\\\\a\\nb\\rc\ndestination:${roomTopic(ROOM)}\nreceipt:r\\c\\n\\\\x\n\n\0`,
    );
    const got = await peer.next((f) => f.command === 'RECEIPT' || f.command === 'ERROR');
    expect(got.command, got.headers.message).toBe('RECEIPT');
    expect(got.headers['receipt-id']).toBe(receipt);
    await rest('POST', '/message', 'staff', {
      roomId: ROOM,
      clientMsgId: cid('esc'),
      msgText: 'escape check',
    });
    const msg = await peer.next((f) => f.command === 'MESSAGE');
    expect(msg.headers.subscription).toBe(id);
  });

  it('takes frames split across WebSocket messages and several frames in one message', async () => {
    const peer = await Peer.open(url);
    peers.push(peer);
    const connectFrame = frame('CONNECT', {
      'accept-version': '1.2',
      host: 'localhost',
      'X-AUTH-TOKEN': await s.token('vessel'),
      'heart-beat': '0,0',
    });
    // CONNECT in three pieces: inside a header name, inside the token, just before the NUL.
    const cuts = [10, 60, connectFrame.length - 1];
    let at = 0;
    for (const cut of [...cuts, connectFrame.length]) {
      peer.send(connectFrame.slice(at, cut));
      at = cut;
      await sleep(20);
    }
    expect((await peer.command('CONNECTED')).headers.version).toBe('1.2');

    // Three frames and heart-beat EOLs in one message; a body with NUL inside by content-length.
    const clientMsgId = cid('joined');
    const joined =
      frame('SUBSCRIBE', { id: 'a', destination: UNREAD_TOPIC, receipt: 'j1' }) +
      '\n\r\n' +
      frame('SUBSCRIBE', { id: 'b', destination: roomTopic(ROOM), receipt: 'j2' }) +
      '\n' +
      frame(
        'SEND',
        { destination: sendDestination(ROOM), receipt: 'j3' },
        JSON.stringify({ clientMsgId, text: 'joined' }),
      );
    peer.send(joined);
    // A SEND byte by byte, with its content-length.
    const body = Buffer.from(JSON.stringify({ clientMsgId: cid('bytes'), text: 'byte by byte ✓' }));
    const bytewise = Buffer.concat([
      Buffer.from(
        `SEND\ndestination:${sendDestination(ROOM)}\nreceipt:j4\ncontent-length:${body.length}\n\n`,
      ),
      body,
      Buffer.from([0]),
    ]);
    for (let i = 0; i < bytewise.length; i += 7)
      peer.send(bytewise.subarray(i, Math.min(i + 7, bytewise.length)));
    await peer.receipt('j4');
    const receipts = peer.frames.filter((f) => f.command === 'RECEIPT').map((f) => f.headers['receipt-id']);
    expect(receipts).toEqual(['j1', 'j2', 'j3', 'j4']);
    const stored = await s.db.query<{ msg_text: string }>(
      `SELECT msg_text FROM chat_messages WHERE sender = 'vessel' AND client_msg_id = $1`,
      [clientMsgId],
    );
    expect(stored[0]?.msg_text).toBe('joined');
  });

  it('accepts ACK and NACK (auto ack) and answers DISCONNECT with its RECEIPT, then closes', async () => {
    const peer = await connected('vessel');
    peer.send(frame('ACK', { id: '1', receipt: 'a' }) + frame('NACK', { id: '2', receipt: 'n' }));
    await peer.receipt('n');
    peer.send(frame('DISCONNECT', { receipt: 'bye' }));
    await peer.receipt('bye');
    expect((await peer.closed).code).toBe(1000);
  });

  it('limits subscriptions per connection and connections per user', async () => {
    tune({ maxSubscriptions: 3, maxConnectionsPerUser: 2 });
    const peer = await connected('vessel');
    for (const id of ['1', '2', '3']) await subscribe(peer, UNREAD_TOPIC, id);
    peer.send(frame('SUBSCRIBE', { id: '4', destination: UNREAD_TOPIC }));
    await expectError(peer, 429, 'subscriptions');

    await connected('staff');
    await connected('staff');
    const third = await connect('staff');
    await expectError(third.peer, 429, 'connections');
    // Another user is not counted against staff.
    await connected('vessel');
  });
});

describe('chat pushes', () => {
  it('pushes a new message to members with no connection, never to connected ones or the sender', async () => {
    const device = (usrId: string) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        usrId,
        ecdh,
        auth: randomBytes(16).toString('base64url'),
        path: `/chat/${usrId}/${randomBytes(4).toString('hex')}`,
      };
    };
    const devs = ['operator', 'staff', 'vessel'].map(device);
    for (const d of devs) {
      const res = await s.call('POST', '/api/v2/app/notification/user/subscription', {
        as: d.usrId,
        body: {
          notDevId: `dev-${d.usrId}-${d.path.slice(-8)}`,
          notSbscrYn: 'Y',
          subscription: {
            endpoint: `${pushBase}${d.path}`,
            expirationTime: null,
            keys: { p256dh: d.ecdh.getPublicKey().toString('base64url'), auth: d.auth },
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // staff is connected (no subscription needed); the operator is not; the vessel sends.
    await connected('staff');
    const text = `Arrival draft 14.2 m. ${'Long text. '.repeat(60)}`;
    const res = await rest('POST', '/message', 'vessel', {
      roomId: ROOM,
      clientMsgId: cid('push'),
      msgText: text,
    });
    expect(res.statusCode).toBe(200);
    await s.app.ctx.chat.settled();
    await s.app.ctx.push.settled();
    const [op, staff, vessel] = devs as [
      ReturnType<typeof device>,
      ReturnType<typeof device>,
      ReturnType<typeof device>,
    ];
    // The pushes of this message to a device (another test's message still going out may reach it too).
    const ofThisMessage = (d: ReturnType<typeof device>) =>
      pushes
        .filter((p) => p.path === d.path)
        .map((p) => ({
          wire: p.body.length,
          plain: ece.decrypt(p.body, {
            version: 'aes128gcm',
            privateKey: d.ecdh as ECDH,
            authSecret: d.auth,
          }),
        }))
        .filter((p) =>
          (parsePushPayload(JSON.parse(p.plain.toString('utf8'))) as ChatPush).text.startsWith(
            text.slice(0, 40),
          ),
        );
    expect(ofThisMessage(staff)).toEqual([]);
    expect(ofThisMessage(vessel)).toEqual([]);
    const got = ofThisMessage(op);
    expect(got).toHaveLength(1);
    const plain = got[0]?.plain ?? Buffer.alloc(0);
    const payload = parsePushPayload(JSON.parse(plain.toString('utf8'))) as ChatPush;
    expect(payload).toMatchObject({ kind: 'chat', vslCd: V, roomId: ROOM, sender: 'Capt. Henrik Larsen' });
    expect(payload.text.startsWith('Arrival draft 14.2 m. Long text.')).toBe(true);
    expect([...payload.text].length).toBeLessThanOrEqual(240);
    expect(new Date(payload.sentAt).toISOString()).toBe(payload.sentAt);
    console.log(
      `stomp: chat push payload ${plain.length} bytes before encryption, ${got[0]?.wire} on the wire`,
    );
  });
});

describe('POST /api/dev/chat/messages', () => {
  it("stores messages as the sender's, in order, broadcast to the room like a real send", async () => {
    const ship = await connected('vessel');
    await subscribe(ship, roomTopic(ROOM));
    await subscribe(ship, UNREAD_TOPIC);
    const res = await s.call('POST', '/api/dev/chat/messages', {
      body: { vslCd: V, sender: 'staff', text: 'Berth window moved', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { msgSeqs } = res.json<{ msgSeqs: number[] }>();
    expect(msgSeqs).toHaveLength(3);
    await ship.next((f) => f.body.includes('(3/3)'));
    const got = ship
      .messages(roomTopic(ROOM))
      .map((f) => JSON.parse(f.body) as ChatMessage)
      .filter((m) => msgSeqs.includes(m.msgSeq));
    expect(got.map((m) => [m.msgSeq, m.sender, m.msgText])).toEqual(
      msgSeqs.map((q, i) => [q, 'staff', `Berth window moved (${i + 1}/3)`]),
    );
    await ship.next((f) => f.headers.destination === UNREAD_TOPIC);

    const one = await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: ROOM, sender: 'vessel', text: 'Noted' },
    });
    expect(one.statusCode).toBe(200);
    const [only] = one.json<{ msgSeqs: number[] }>().msgSeqs;
    const stored = await s.db.query<{ msg_text: string; sender_type: string }>(
      'SELECT msg_text, sender_type FROM chat_messages WHERE msg_seq = $1',
      [only],
    );
    expect(stored[0]).toEqual({ msg_text: 'Noted', sender_type: 'V' });
  });

  it('rejects a sender who is not a member or may not chat, and bad input, with 400', async () => {
    const post = (body: unknown) => s.call('POST', '/api/dev/chat/messages', { body });
    const cases: [unknown, string][] = [
      [{ vslCd: V, sender: 'viewer', text: 'x' }, 'not a member'],
      [{ vslCd: V, sender: 'nobody', text: 'x' }, 'unknown user'],
      [{ roomId: ROOM, vslCd: V, sender: 'staff', text: 'x' }, 'either roomId or vslCd'],
      [{ sender: 'staff', text: 'x' }, 'either roomId or vslCd'],
      [{ vslCd: V, sender: 'staff', text: '  ' }, 'blank'],
      [{ vslCd: V, sender: 'staff', text: 'x', count: 0 }, 'body.count'],
      [{ roomId: 'V-ZZZ9', sender: 'staff', text: 'x' }, 'no chat room'],
      [{ vslCd: V, sender: 'staff', text: 'x', extra: 1 }, 'extra'],
    ];
    for (const [body, text] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(text);
    }
    // vessel2's lane is not chat-enabled: not as vessel2 either, even in its own room when it is a member.
    await s.db.query(
      `INSERT INTO chat_rooms (room_id, room_nm, vsl_cd, svce_lane_cd) SELECT 'V-' || vsl_cd, vsl_nm, vsl_cd, lane_cd FROM vessels WHERE vsl_cd = $1 ON CONFLICT DO NOTHING`,
      [V2],
    );
    await s.db.query(
      `INSERT INTO chat_members (room_id, usr_id) VALUES ($1, 'vessel2') ON CONFLICT DO NOTHING`,
      [`V-${V2}`],
    );
    const res = await post({ vslCd: V2, sender: 'vessel2', text: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Chat is not enabled');
  });
});

describe('the simulator', () => {
  it('hands the chat lines a tick stores to the live side after the commit', async () => {
    const tickAt = new Date(s.seedNow.getTime() + 6 * HOUR);
    const handed: number[][] = [];
    let ticked = false;
    const errors: object[] = [];
    const sawTick = (_o: object, msg?: string) => void (msg === 'simulator tick' && (ticked = true));
    // What the domain's subscriber hands chat's live side, watched on its way there.
    const live = s.app.ctx.chat;
    const messagesStored = live.messagesStored.bind(live);
    live.messagesStored = (stored) => {
      handed.push(stored.map((m) => (typeof m === 'number' ? m : m.msgSeq)));
      return messagesStored(stored);
    };
    const sim = startSimulator(s.db, {
      tickS: 3600,
      firstTickMs: 0,
      log: { info: sawTick, debug: sawTick, error: (o: object) => void errors.push(o) },
      rng: rng('stomp-test', 1),
      clock: () => tickAt,
    });
    const deadline = Date.now() + 20_000;
    while (!ticked && Date.now() < deadline) await sleep(10);
    await sim.stop();
    live.messagesStored = messagesStored;
    expect(ticked).toBe(true);
    expect(errors).toEqual([]);
    const lines = await s.db.query<{ msg_seq: number }>(
      'SELECT msg_seq FROM chat_messages WHERE cre_dt = $1 ORDER BY msg_seq',
      [tickAt.toISOString()],
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(handed).toEqual([lines.map((l) => l.msg_seq)]);
  });
});
