// A satellite link between the browser and the server, for the browser bench (DESIGN.md §1 and §9): a TCP proxy that
// delays every byte by half the round trip, paces each direction at the link's rate, and costs a round trip to open
// a connection. It can also go silent (the link is down while the device still believes it is up): connections are
// accepted and nothing gets through, as when a dish loses the satellite. Loss is not emulated (TCP would hide it as
// delay anyway).
import { connect, createServer, type Socket } from 'node:net';

export interface LinkProfile {
  name: string;
  rttMs: number;
  downKbit: number;
  upKbit: number;
}

/** DESIGN.md §1: GEO L-band, 800 ms round trip, 256 kbit/s down, 128 kbit/s up. */
export const FLEET_BROADBAND: LinkProfile = {
  name: 'FleetBroadband',
  rttMs: 800,
  downKbit: 256,
  upKbit: 128,
};

export interface Link {
  url: string;
  /** 'up': the profile's delay and rate; 'silent': nothing gets through, no error either. */
  setState(state: 'up' | 'silent'): void;
  /** Bytes carried each way since the last call (TCP payload), and the HTTP requests sent ("GET /path"). */
  takeBytes(): { up: number; down: number; requests: string[] };
  /** Milliseconds since a byte last went either way, was sent, or a connection opened. */
  quietForMs(): number;
  close(): Promise<void>;
}

/**
 * One direction of a connection: a chunk leaves when the link is free (after the chunks before it, at `kbit`), and
 * arrives half a round trip later. Arrival times never decrease, so chunks arrive in order.
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
  let lastArrival = 0;
  from.on('data', (chunk: Buffer) => {
    if (!up()) return;
    count(0, chunk);
    const now = performance.now();
    free = Math.max(now, free) + (chunk.byteLength * 8) / kbit;
    lastArrival = free + oneWayMs;
    setTimeout(() => {
      count(chunk.byteLength);
      if (!to.destroyed) to.write(chunk);
    }, lastArrival - now);
  });
  from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastArrival - performance.now())));
}

export async function startLink(targetPort: number, profile: LinkProfile = FLEET_BROADBAND): Promise<Link> {
  let state: 'up' | 'silent' = 'up';
  let bytes = { up: 0, down: 0 };
  let requests: string[] = [];
  let lastByteAt = performance.now();
  const sockets = new Set<Socket>();
  const isUp = () => state === 'up';
  const server = createServer((client) => {
    sockets.add(client);
    lastByteAt = performance.now();
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!isUp()) return; // Accepted, and then nothing: the browser waits for its own timeouts.
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
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
        bytes.up += n;
        lastByteAt = performance.now();
        // HTTP/1.1 in the clear: a chunk that starts with a request line is a request (or a WebSocket upgrade).
        const line = sent?.toString('latin1', 0, 200).split('\r\n')[0] ?? '';
        const request = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) (\S+) HTTP\//.exec(line);
        if (request) requests.push(`${request[1]} ${request[2]}`);
      },
      isUp,
    );
    carry(
      upstream,
      client,
      profile.downKbit,
      oneWay,
      performance.now(),
      (n) => {
        bytes.down += n;
        lastByteAt = performance.now();
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
      const taken = { ...bytes, requests };
      bytes = { up: 0, down: 0 };
      requests = [];
      return taken;
    },
    quietForMs: () => performance.now() - lastByteAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
