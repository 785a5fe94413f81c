// The AIS bench's feeder, a process of its own: a loopback TCP port that sends `!AIVDM` traffic at a set rate while
// told to, as an aggregator's stream: real traffic of many unknown ships, the demo fleet's own reports, and bad lines.
import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { encodePosition, encodeStatic } from '../server/ais/encode.ts';

/** A demo vessel the feeder moves: its MMSI and where it is. */
export interface FeederVessel {
  mmsi: number;
  lat: number;
  lon: number;
}

/** What the parent sends: the vessels and the rate, then 'start' and 'stop' in turns. */
export type FeederCommand =
  { cmd: 'setup'; vessels: FeederVessel[]; rate: number } | { cmd: 'start' } | { cmd: 'stop' };

/** Real traffic recorded off a receiver (types 1, 2, 3, 5, 18, 19, 24; multi-sentence messages; a few bad lines). */
const RECORDED = new URL('../node_modules/aisparser/test-data/nmea-sample', import.meta.url);
/** Of every 100 lines: the demo fleet's positions, bad lines, and the rest recorded traffic. */
const FLEET_SHARE = 4;
const BAD_SHARE = 2;
const TICK_MS = 10;

/** Lines that a broken receiver or a noisy link makes, one of each kind of drop. */
function badLine(i: number, good: string): string {
  switch (i % 4) {
    case 0:
      return `${good.slice(0, -2)}${good.endsWith('00') ? '11' : '00'}`; // checksum
    case 1:
      return good.slice(0, 24); // cut short
    case 2:
      return String.fromCharCode(...Array.from({ length: 60 }, (_, k) => 33 + ((i * 7 + k * 13) % 90))); // noise
    default:
      return '$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47'; // another talker's sentence
  }
}

function feeder(port: number): void {
  const recorded = readFileSync(RECORDED, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let vessels: FeederVessel[] = [];
  let rate = 5000;
  let sockets: Socket[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sent = 0;
  let startedAt = 0;
  let n = 0;

  /** The next line: one of the fleet's (a position, or its two-sentence message 5 now and then), bad, or recorded. */
  const next = (out: string[]): void => {
    n++;
    const slot = n % 100;
    if (slot < FLEET_SHARE && vessels.length > 0) {
      const v = vessels[n % vessels.length] as FeederVessel;
      v.lat += 0.0005;
      v.lon += 0.0005;
      if (n % 50 === 0) {
        const [a, b] = encodeStatic(
          {
            mmsi: v.mmsi,
            imo: null,
            callSign: '',
            name: '',
            shipType: 71,
            toBow: 300,
            toStern: 50,
            toPort: 25,
            toStarboard: 25,
            eta: new Date(Date.now() + 86_400_000),
            draughtM: 12.5,
            destination: 'NLRTM',
          },
          n,
        );
        out.push(a as string, b as string);
        return;
      }
      out.push(
        encodePosition({
          mmsi: v.mmsi,
          navStatus: 0,
          lat: v.lat,
          lon: v.lon,
          sog: 14.2,
          cog: 45,
          heading: 44,
          second: new Date().getUTCSeconds(),
        }),
      );
    } else if (slot < FLEET_SHARE + BAD_SHARE) out.push(badLine(n, recorded[n % recorded.length] as string));
    else out.push(recorded[n % recorded.length] as string);
  };

  const tick = (t0: number): void => {
    const due = Math.floor(((performance.now() - t0) * rate) / 1000) - sent;
    if (due <= 0) return;
    const out: string[] = [];
    while (out.length < due) next(out);
    sent += out.length;
    const text = `${out.join('\r\n')}\r\n`;
    for (const s of sockets) s.write(text);
  };

  const server = createServer((s) => {
    sockets.push(s);
    s.on('error', () => s.destroy());
    s.on('close', () => (sockets = sockets.filter((x) => x !== s)));
  });
  server.listen(port, '127.0.0.1', () => process.send?.({ listening: port }));
  process.on('message', (m: FeederCommand) => {
    if (m.cmd === 'setup') {
      vessels = m.vessels;
      rate = m.rate;
    } else if (m.cmd === 'start') {
      sent = 0;
      startedAt = performance.now();
      timer = setInterval(() => tick(startedAt), TICK_MS);
    } else {
      if (timer) clearInterval(timer);
      timer = null;
      tick(startedAt); // what was due up to now, so that the rate holds to the end
      process.send?.({ sent, ms: performance.now() - startedAt });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

const feederPort = Number(process.env.AIS_FEEDER_PORT);
if (feederPort && process.send) feeder(feederPort);
