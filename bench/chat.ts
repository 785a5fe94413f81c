// Chat over STOMP on loopback, ship to shore, as the app's worker speaks it: the `vessel` user sends into its room and
// a shore member of that room receives. Measured: SEND to the shore's MESSAGE (latency) and to the ship's RECEIPT
// (stored), and the bytes each message costs on the wire (TCP payload, WebSocket framing included), with and without
// permessage-deflate, which browsers offer and the broker accepts.
import { WebSocket } from 'ws';
import {
  STOMP_PATH,
  UNREAD_TOPIC,
  roomTopic,
  sendDestination,
  type ChatRoom,
} from '../src/core/contract/chat.ts';
import { TOKEN_HEADER } from '../src/device/net/http.ts';
import { pct, token, type Row } from './common.ts';

interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** A STOMP 1.2 peer on a raw socket, so that every byte it sends and reads can be counted. */
class Peer {
  private text = '';
  private readonly listeners = new Set<(f: Frame) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.text += data.toString('utf8');
      for (let end = this.text.indexOf('\0'); end !== -1; end = this.text.indexOf('\0')) {
        const raw = this.text.slice(0, end).replace(/^(\r?\n)+/, '');
        this.text = this.text.slice(end + 1);
        const blank = raw.indexOf('\n\n');
        const [command = '', ...lines] = raw.slice(0, blank).split('\n');
        const headers: Record<string, string> = {};
        for (const l of lines) headers[l.slice(0, l.indexOf(':'))] ??= l.slice(l.indexOf(':') + 1);
        const frame = { command, headers, body: raw.slice(blank + 2) };
        for (const f of [...this.listeners]) f(frame);
      }
    });
  }

  static async open(url: string, tok: string, deflate: boolean): Promise<Peer> {
    const ws = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: deflate });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const peer = new Peer(ws);
    const connected = peer.next((f) => f.command === 'CONNECTED');
    peer.send('CONNECT', { 'accept-version': '1.2', host: 'quay', 'heart-beat': '0,0', [TOKEN_HEADER]: tok });
    await connected;
    return peer;
  }

  /** Bytes through the TCP socket so far (ws keeps it in _socket). */
  get wire(): { up: number; down: number } {
    const s = (this.ws as unknown as { _socket: { bytesWritten: number; bytesRead: number } })._socket;
    return { up: s.bytesWritten, down: s.bytesRead };
  }

  send(command: string, headers: Record<string, string>, body = ''): void {
    const head = Object.entries(headers).map(([k, v]) => `${k}:${v}`);
    this.ws.send(`${command}\n${head.join('\n')}\n\n${body}\0`);
  }

  next(match: (f: Frame) => boolean): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame in 10 s')), 10_000);
      const on = (f: Frame) => {
        if (f.command === 'ERROR') reject(new Error(`ERROR ${f.headers.message ?? ''}`));
        if (!match(f)) return;
        clearTimeout(timer);
        this.listeners.delete(on);
        resolve(f);
      };
      this.listeners.add(on);
    });
  }

  async subscribe(id: string, destination: string): Promise<void> {
    const done = this.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === `sub-${id}`);
    this.send('SUBSCRIBE', { id, destination, receipt: `sub-${id}` });
    await done;
  }

  close(): void {
    this.ws.close();
  }
}

/** What ship and shore write to each other, different every time so compression has no easy repeat. */
const TEXTS = [
  'Pilot on board 14:30 LT, expect all fast 16:00.',
  'Berth 7 confirmed, starboard side alongside. Gangway on the port side please.',
  'ETA Singapore pilot station moved to 0600 LT due to weather in the strait.',
  'Bunker barge alongside after cargo ops, 850 mt VLSFO as planned.',
  'Crew change: 3 on, 2 off. Immigration clearance at the terminal gate.',
  'Noted. Agent will be on board with the documents at 09:00.',
  'Reefer plugs: 42 required, terminal confirms 40 available, 2 on gensets.',
  'Draft fore 11.2 m aft 12.1 m on arrival. Air draft within limits.',
  'Terminal asks for the updated bay plan before 18:00 LT today.',
  'Thanks, all received. Safe passage.',
];

async function rooms(url: string, tok: string): Promise<ChatRoom[]> {
  const res = await fetch(`${url}/api/v2/app/chat/my-room-list/V`, { headers: { [TOKEN_HEADER]: tok } });
  return res.ok ? ((await res.json()) as ChatRoom[]) : [];
}

/** `count` messages ship to shore, one after the other, over sockets with or without permessage-deflate. */
async function run(url: string, deflate: boolean, count: number) {
  const shipTok = await token(url, 'vessel');
  const room = (await rooms(url, shipTok))[0];
  if (!room) throw new Error('the vessel user has no chat room');
  let shoreTok = '';
  for (const usrId of ['operator', 'agent', 'staff']) {
    const t = await token(url, usrId);
    if ((await rooms(url, t)).some((r) => r.roomId === room.roomId)) shoreTok = t;
    if (shoreTok) break;
  }
  if (!shoreTok) throw new Error(`no shore demo user is a member of ${room.roomId}`);
  const ws = `${url.replace(/^http/, 'ws')}${STOMP_PATH}`;
  const ship = await Peer.open(ws, shipTok, deflate);
  const shore = await Peer.open(ws, shoreTok, deflate);
  await shore.subscribe('room', roomTopic(room.roomId));
  await shore.subscribe('unread', UNREAD_TOPIC);
  // The app's worker listens to its room too (other members' messages and read receipts).
  await ship.subscribe('room', roomTopic(room.roomId));
  await ship.subscribe('unread', UNREAD_TOPIC);

  const latency: number[] = [];
  const stored: number[] = [];
  const shipAt = ship.wire;
  const shoreAt = shore.wire;
  const run = Date.now().toString(36);
  for (let i = 0; i < count; i++) {
    const clientMsgId = `bench-${run}-${deflate ? 'z' : 'p'}-${i}`;
    const text = TEXTS[i % TEXTS.length] as string;
    const got = shore.next((f) => f.command === 'MESSAGE' && f.body.includes(clientMsgId));
    const receipt = ship.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === clientMsgId);
    const t0 = performance.now();
    ship.send(
      'SEND',
      { destination: sendDestination(room.roomId), 'content-type': 'application/json', receipt: clientMsgId },
      JSON.stringify({ clientMsgId, text }),
    );
    await Promise.all([
      got.then(() => latency.push(performance.now() - t0)),
      receipt.then(() => stored.push(performance.now() - t0)),
    ]);
  }
  // Let the unread counts that follow the last message arrive before counting.
  await new Promise((r) => setTimeout(r, 200));
  const up = (ship.wire.up - shipAt.up) / count;
  const shipDown = (ship.wire.down - shipAt.down) / count;
  const shoreDown = (shore.wire.down - shoreAt.down) / count;
  ship.close();
  shore.close();
  return { latency, stored, up, shipDown, shoreDown };
}

export async function chatBench(url: string, count = 50): Promise<Row[]> {
  const rows: Row[] = [];
  for (const deflate of [true, false]) {
    const r = await run(url, deflate, count);
    const how = deflate ? 'permessage-deflate' : 'uncompressed';
    if (deflate) {
      rows.push({
        what: `chat ship to shore on loopback, SEND to MESSAGE, p50 of ${count}`,
        value: `${pct(r.latency, 50).toFixed(1)} ms`,
        budget: 'within seconds',
      });
      rows.push({
        what: `chat ship to shore on loopback, SEND to MESSAGE, p95 of ${count}`,
        value: `${pct(r.latency, 95).toFixed(1)} ms`,
        budget: '-',
      });
      rows.push({
        what: `chat SEND to RECEIPT (stored), p50 of ${count}`,
        value: `${pct(r.stored, 50).toFixed(1)} ms`,
        budget: '-',
      });
    }
    rows.push({
      what: `chat bytes per message, ship up (SEND), ${how}`,
      value: `${r.up.toFixed(0)} B`,
      budget: '-',
    });
    rows.push({
      what: `chat bytes per message, ship down (RECEIPT, own MESSAGE, unread), ${how}`,
      value: `${r.shipDown.toFixed(0)} B`,
      budget: '-',
    });
    rows.push({
      what: `chat bytes per message, shore down (MESSAGE, unread), ${how}`,
      value: `${r.shoreDown.toFixed(0)} B`,
      budget: '-',
    });
  }
  return rows;
}
