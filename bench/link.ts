// A satellite link between the browser and the server, for the browser bench (architecture.md#the-link-it-is-built-for and budgets.md#current-budgets): a TCP proxy that
// delays every byte by half the round trip, paces each direction at the link's rate, and costs a round trip to open
// a connection. It can also go silent (the link is down while the device still believes it is up): connections are
// accepted and nothing gets through, as when a dish loses the satellite. Loss is not emulated (TCP would hide it as
// delay anyway). It counts what a paid link bills: TCP payload, connections, and IP/TCP packets estimated per chunk.
import { connect, createServer, type Socket } from 'node:net';

export interface LinkProfile {
  name: string;
  rttMs: number;
  downKbit: number;
  upKbit: number;
}

/** architecture.md#the-link-it-is-built-for: GEO L-band, 800 ms round trip, 256 kbit/s down, 128 kbit/s up. */
export const FLEET_BROADBAND: LinkProfile = {
  name: 'FleetBroadband',
  rttMs: 800,
  downKbit: 256,
  upKbit: 128,
};

/** TCP payload per segment on the link (a 1500 B MTU less 40 B of IP and TCP headers). */
const MSS = 1460;
/** IP and TCP headers of one packet (no options). */
const PACKET_HEADER = 40;

/** One HTTP/1.1 request and its answer as seen in the clear; after a 101 the connection is a WebSocket's. */
interface Exchange {
  request: string;
  status: number;
  up: number;
  down: number;
  at: number;
}

export interface Taken {
  up: number;
  down: number;
  /** HTTP requests sent in the clear ("GET /path"); none are visible through TLS. */
  requests: string[];
  /** TCP connections opened (each a handshake: and with TLS, a TLS handshake too). */
  connections: number;
  /** Estimated packets: a segment per MSS of each chunk, an ACK per two segments the other way, open and close. */
  packets: number;
  /** Bytes with the estimated IP and TCP headers of those packets. */
  ipBytes: number;
  exchanges: Exchange[];
}

export interface Link {
  url: string;
  /** 'up': the profile's delay and rate; 'silent': nothing gets through, no error either. */
  setState(state: 'up' | 'silent'): void;
  /** Bytes carried each way since the last call (TCP payload), the HTTP requests sent ("GET /path"), connections and packets. */
  takeBytes(): Taken;
  /** Connections open now. */
  openConnections(): number;
  /** Milliseconds since a byte last went either way, was sent, or a connection opened. */
  quietForMs(): number;
  close(): Promise<void>;
}

/**
 * One direction of a connection: a chunk leaves when the link is free (after the chunks before it, at `kbit`), and
 * arrives half a round trip later, in order, as TCP delivers. The chunks wait in one queue with one timer: a timer
 * per chunk let a small chunk overtake the one before it (Node cuts each delay to whole milliseconds), and the byte
 * stream came out of order, which no real link does; a WebSocket with per-message deflate then decoded garbage,
 * silently, and every chat message after it was lost.
 */
function carry(
  from: Socket,
  to: Socket,
  kbit: number,
  oneWayMs: number,
  openedAt: number,
  count: (n: number, sent?: Buffer) => void,
  up: () => boolean,
) {
  let free = openedAt;
  /** What is on its way, oldest first; null is the end of the stream. */
  const inFlight: { at: number; chunk: Buffer | null }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arrive = () => {
    timer = null;
    const now = performance.now();
    for (let next = inFlight[0]; next && next.at <= now; next = inFlight[0]) {
      inFlight.shift();
      if (next.chunk === null) {
        to.end();
      } else {
        count(next.chunk.byteLength);
        if (!to.destroyed) to.write(next.chunk);
      }
    }
    wait();
  };
  const wait = () => {
    const next = inFlight[0];
    if (next && !timer) timer = setTimeout(arrive, Math.max(0, next.at - performance.now()));
  };
  from.on('data', (chunk: Buffer) => {
    if (!up()) return;
    count(0, chunk);
    free = Math.max(performance.now(), free) + (chunk.byteLength * 8) / kbit;
    inFlight.push({ at: free + oneWayMs, chunk });
    wait();
  });
  from.on('end', () => {
    inFlight.push({ at: Math.max(performance.now(), inFlight.at(-1)?.at ?? 0), chunk: null });
    wait();
  });
}

const REQUEST_LINE = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) (\S+) HTTP\//;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})/;
/** SYN, SYN-ACK, ACK to open; FIN and ACK each way to close. */
const OPEN_PACKETS = 3;
const CLOSE_PACKETS = 4;

/** Segments for a chunk, and the ACKs they draw the other way (delayed ACK: one per two segments). */
const packetsOf = (n: number) => {
  const segments = Math.ceil(n / MSS);
  return segments + Math.ceil(segments / 2);
};

export async function startLink(targetPort: number, profile: LinkProfile = FLEET_BROADBAND): Promise<Link> {
  let state: 'up' | 'silent' = 'up';
  const fresh = (): Taken => ({
    up: 0,
    down: 0,
    requests: [],
    connections: 0,
    packets: 0,
    ipBytes: 0,
    exchanges: [],
  });
  let taken = fresh();
  let lastByteAt = performance.now();
  const sockets = new Set<Socket>();
  let open = 0;
  const isUp = () => state === 'up';
  const packets = (n: number) => {
    taken.packets += n;
    taken.ipBytes += n * PACKET_HEADER;
  };
  const server = createServer((client) => {
    sockets.add(client);
    lastByteAt = performance.now();
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!isUp()) return; // Accepted, and then nothing: the browser waits for its own timeouts.
    taken.connections++;
    open++;
    packets(OPEN_PACKETS);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    let closed = false;
    const onClose = () => {
      if (closed) return;
      closed = true;
      open--;
      packets(CLOSE_PACKETS);
    };
    upstream.on('close', () => {
      sockets.delete(upstream);
      onClose();
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      onClose();
      upstream.destroy();
    });
    // In the clear, each request and its answer are told apart by their first lines (HTTP/1.1 sends one at a time);
    // after a 101 everything on the connection is the WebSocket's.
    const mine: Exchange[] = [];
    let current: Exchange | null = null;
    let socketOf: Exchange | null = null;
    // Each window counts its own share of a long exchange (a WebSocket spans many windows).
    const shares = new WeakMap<Taken, Map<Exchange, Exchange>>();
    const attribute = (dir: 'up' | 'down', n: number) => {
      const to = socketOf ?? current;
      if (!to) return;
      let mineNow = shares.get(taken);
      if (!mineNow) shares.set(taken, (mineNow = new Map()));
      let share = mineNow.get(to);
      if (!share) {
        share = { ...to, up: 0, down: 0 };
        mineNow.set(to, share);
        taken.exchanges.push(share);
      }
      share[dir] += n;
    };
    // The TCP handshake costs a round trip before the first request can leave.
    const openedAt = performance.now() + profile.rttMs;
    const oneWay = profile.rttMs / 2;
    carry(
      client,
      upstream,
      profile.upKbit,
      oneWay,
      openedAt,
      (n, sent) => {
        lastByteAt = performance.now();
        if (sent) {
          if (socketOf) return;
          const line = sent.toString('latin1', 0, 200).split('\r\n')[0] ?? '';
          const request = REQUEST_LINE.exec(line);
          if (!request) return;
          const name = `${request[1]} ${request[2]}`;
          taken.requests.push(name);
          current = { request: name, status: 0, up: 0, down: 0, at: performance.now() };
          mine.push(current);
          return;
        }
        taken.up += n;
        packets(packetsOf(n));
        attribute('up', n);
      },
      isUp,
    );
    carry(
      upstream,
      client,
      profile.downKbit,
      oneWay,
      performance.now(),
      (n, sent) => {
        lastByteAt = performance.now();
        if (sent) {
          const status = STATUS_LINE.exec(sent.toString('latin1', 0, 20));
          const waiting = mine.find((e) => e.status === 0);
          if (status && waiting && !socketOf) {
            waiting.status = Number(status[1]);
            const share = shares.get(taken)?.get(waiting);
            if (share) share.status = waiting.status;
            if (waiting.status === 101) socketOf = waiting;
          }
          return;
        }
        taken.down += n;
        packets(packetsOf(n));
        attribute('down', n);
      },
      isUp,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    setState(next) {
      state = next;
      // A link that goes down takes the open connections with it, silently: they stay open and carry nothing.
    },
    takeBytes() {
      const out = taken;
      out.ipBytes += out.up + out.down;
      taken = fresh();
      return out;
    },
    openConnections: () => open,
    quietForMs: () => performance.now() - lastByteAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
