// `npm run bench -- stomp-flood`: one chat user floods the broker with SEND frames (50 in flight, each sent again as
// soon as a RECEIPT comes) while another user calls the REST API; the other user's p50 and p99, idle and flooded.
// The server and the flooder run in processes of their own, so that neither one's work is counted in the other
// user's times.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { STOMP_PATH, UNREAD_TOPIC, roomIdOf, roomTopic, sendDestination } from '../src/core/contract/chat.ts';
import { SYNC_HINT_TOPIC } from '../src/core/contract/sync.ts';
import { TOKEN_HEADER } from '../src/device/net/http.ts';
import { freePort, pct, token, untilUp, type Row } from './common.ts';

/** SEND frames the flooding user keeps in flight, as the outside check did. */
const IN_FLIGHT = 50;
/** Idle and flood windows alternate (the machine is shared and noisy), this many of each. */
const ROUNDS = 5;
const WINDOW_MS = 4000;
/** The other user calls at most this often: a person's app, not a load generator. */
const CALL_EVERY_MS = 20;
/** The flooded room: the demo vessel user's. */
const ROOM = roomIdOf('QHZN');

/** CONNECT and the app's subscriptions (the sync hint, the unread counts, the room), as the app's worker makes them. */
const HELLO = (tok: string): string =>
  `CONNECT\naccept-version:1.2\nhost:quay\nheart-beat:0,0\n${TOKEN_HEADER}:${tok}\n\n\0` +
  [SYNC_HINT_TOPIC, UNREAD_TOPIC, roomTopic(ROOM)]
    .map((destination, i) => `SUBSCRIBE\nid:${i}\ndestination:${destination}\n\n\0`)
    .join('');

interface Tally {
  accepted: number;
  refused: number;
  connects: number;
  lastError: string;
}

/**
 * A STOMP client on a raw socket that keeps IN_FLIGHT SENDs outstanding. Refused with an ERROR (the socket then
 * closes), it connects again at once, as a hostile client would.
 */
class Flooder {
  private ws: WebSocket | null = null;
  private inFlight = 0;
  private running = false;
  private n = 0;
  private text = '';
  private idle: (() => void) | null = null;
  readonly tally: Tally = { accepted: 0, refused: 0, connects: 0, lastError: '' };

  constructor(
    private readonly url: string,
    private readonly tok: string,
  ) {}

  start(): void {
    this.running = true;
    this.open();
  }

  /** Stops sending; resolves once every SEND out has been answered (or its socket closed) and the socket is shut. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.ws && this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      const closed = new Promise((r) => ws.once('close', r));
      ws.close();
      await closed;
    }
  }

  private open(): void {
    if (!this.running) return;
    // Without permessage-deflate, as stomp.py and stompit connect.
    const ws = new WebSocket(this.url, ['v12.stomp'], { perMessageDeflate: false });
    this.ws = ws;
    this.text = '';
    this.inFlight = 0;
    ws.on('open', () => {
      this.tally.connects++;
      ws.send(HELLO(this.tok));
    });
    ws.on('message', (data: Buffer) => this.read(ws, data.toString('utf8')));
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.inFlight = 0;
      this.settle();
      // A refused flooder comes straight back.
      if (this.running) this.open();
    });
  }

  private read(ws: WebSocket, chunk: string): void {
    this.text += chunk;
    for (let end = this.text.indexOf('\0'); end !== -1; end = this.text.indexOf('\0')) {
      const raw = this.text.slice(0, end).replace(/^(\r?\n)+/, '');
      this.text = this.text.slice(end + 1);
      const command = raw.slice(0, raw.indexOf('\n'));
      if (command === 'CONNECTED') this.fill(ws);
      else if (command === 'RECEIPT') {
        this.inFlight--;
        this.tally.accepted++;
        this.settle();
        this.fill(ws);
      } else if (command === 'ERROR') {
        this.tally.refused++;
        this.tally.lastError = (/\nmessage:([^\n]*)/.exec(raw)?.[1] ?? '').replaceAll('\\c', ':');
      }
    }
  }

  private fill(ws: WebSocket): void {
    while (this.running && this.inFlight < IN_FLIGHT && ws.readyState === WebSocket.OPEN) {
      const clientMsgId = `flood-${process.pid}-${++this.n}`;
      const body = JSON.stringify({ clientMsgId, text: `flood ${this.n}` });
      ws.send(
        `SEND\ndestination:${sendDestination(ROOM)}\ncontent-type:application/json\nreceipt:${clientMsgId}\n\n${body}\0`,
      );
      this.inFlight++;
    }
  }

  private settle(): void {
    if (this.inFlight === 0 && this.idle) {
      this.idle();
      this.idle = null;
    }
  }
}

/** The other user's app, open: its live connection hears the room and its unread counts. */
async function listen(url: string, tok: string): Promise<WebSocket> {
  const ws = new WebSocket(url, ['v12.stomp']);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(HELLO(tok));
  return ws;
}

/** The other user's calls, one at a time, for ms: each one's time. */
async function calls(url: string, tok: string, ms: number): Promise<number[]> {
  const list = `${url}/api/v2/app/notification/user/list`;
  const headers = { [TOKEN_HEADER]: tok, 'accept-encoding': 'br, gzip' };
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await fetch(list, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`the other user's list answered ${res.status}`);
    const took = performance.now() - t0;
    times.push(took);
    if (took < CALL_EVERY_MS) await new Promise((r) => setTimeout(r, CALL_EVERY_MS - took));
  }
  return times;
}

async function flood(url: string): Promise<Row[]> {
  const floodTok = await token(url, 'vessel');
  const otherTok = await token(url, 'operator');
  const ws = `${url.replace(/^http/, 'ws')}${STOMP_PATH}`;
  const other = await listen(ws, otherTok);
  // Warm up: the list's first calls compile its queries.
  await calls(url, otherTok, 1000);
  const idle: number[] = [];
  const flooded: number[] = [];
  let floodMs = 0;
  const total: Tally = { accepted: 0, refused: 0, connects: 0, lastError: '' };
  const flooder = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, FLOOD_URL: ws, FLOOD_TOKEN: floodTok },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(...(await calls(url, otherTok, WINDOW_MS)));
    const t0 = performance.now();
    flooder.send('start');
    flooded.push(...(await calls(url, otherTok, WINDOW_MS)));
    flooder.send('stop');
    const [tally] = (await once(flooder, 'message')) as [Tally];
    floodMs += performance.now() - t0;
    total.accepted += tally.accepted;
    total.refused += tally.refused;
    total.connects += tally.connects;
    total.lastError = tally.lastError || total.lastError;
    // What the flood left queued (broadcasts, unread counts) is not the next idle window's.
    await new Promise((r) => setTimeout(r, 1000));
  }
  flooder.kill();
  other.close();
  const p = (xs: number[], q: number) => pct(xs, q).toFixed(1);
  const idleP99 = pct(idle, 99);
  const floodP99 = pct(flooded, 99);
  const pass = floodP99 <= 3 * idleP99;
  const what = "another user's GET notification/user/list during a STOMP flood";
  return [
    {
      what: `stomp flood: the flooding user's SENDs accepted (${IN_FLIGHT} in flight, ${ROUNDS} windows of ${WINDOW_MS / 1000} s)`,
      value: `${((total.accepted * 1000) / floodMs).toFixed(1)}/s`,
      budget: '-',
    },
    {
      what: 'stomp flood: the flooder refused (ERROR) / connections it made',
      value: `${total.refused} / ${total.connects}`,
      budget: total.lastError ? `last ERROR: ${total.lastError}` : '-',
    },
    {
      what: `${what}, p50 idle | flood (${idle.length} | ${flooded.length} calls)`,
      value: `${p(idle, 50)} | ${p(flooded, 50)} ms`,
      budget: '-',
    },
    {
      what: `${what}, p99 idle | flood`,
      value: `${p(idle, 99)} | ${p(flooded, 99)} ms`,
      budget: `flood p99 within 3x idle p99: ${pass ? 'PASS' : 'FAIL'}`,
    },
  ];
}

/**
 * The server as `npm start` runs it, in a process of its own (as the outside check had it: the load comes from
 * elsewhere), on a fresh data folder, without the simulator.
 */
export async function stompFloodBench(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quay-flood-'));
  const port = await freePort();
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, SIMULATOR: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Should the bench die, the server goes with it.
  const orphan = () => child.kill();
  process.once('exit', orphan);
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilUp(child, url);
    return await flood(url);
  } finally {
    process.off('exit', orphan);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

/** The flooder's process: a flood from each 'start' to the next 'stop', whose tally it then answers. */
const floodUrl = process.env.FLOOD_URL;
if (floodUrl && process.send) {
  const tok = process.env.FLOOD_TOKEN ?? '';
  let flooder: Flooder | null = null;
  process.on('message', (cmd: string) => {
    if (cmd === 'start') {
      flooder = new Flooder(floodUrl, tok);
      flooder.start();
    } else if (flooder) {
      const done = flooder;
      void done.stop().then(() => process.send?.(done.tally));
    }
  });
  process.on('disconnect', () => process.exit(0));
}
