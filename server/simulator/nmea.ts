// The simulator speaking NMEA (SIMULATOR_AIS_PORT): instead of storing its ships' positions it sends them as !AIVDM
// message 1 (and message 5 every few minutes) to whoever connects on a loopback port; the server's AIS feed reads
// them back through the same door as a real receiver's (integration.md#ais-positions-in).
import { createServer, type Socket } from 'node:net';
import type { Sql } from '../db/db.ts';
import { encodePosition, encodeStatic } from '../ais/encode.ts';
import type { FixRec } from './types.ts';

interface NmeaLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface NmeaSender {
  /** Sends each vessel's newest fix of a tick, and its static data when it is due. */
  send(sql: Sql, fixes: ReadonlyMap<string, readonly FixRec[]>): Promise<void>;
  /** The port it listens on, once it does (0 asks for a free one). */
  listening: Promise<number>;
  close(): Promise<void>;
}

/** How often a vessel's message 5 goes out, as a class A transponder sends it; and at once to a new listener. */
const STATIC_EVERY_MS = 6 * 60_000;
const NAV_STATUS: Record<FixRec['navSts'], number> = { UNDER_WAY: 0, AT_ANCHOR: 1, MOORED: 5 };

interface VesselRow {
  vsl_cd: string;
  mmsi: string | null;
  /** Null where not known (migration 015): the simulator moves only its own vessels, but reads any row safely. */
  imo_no: string | null;
  call_sgn: string | null;
  vsl_nm: string;
  loa_m: number | null;
  beam_m: number | null;
  draught_m: number | null;
}

export function startNmeaSender(port: number, log: NmeaLog): NmeaSender {
  const listeners = new Set<Socket>();
  const staticSent = new Map<string, number>();
  let seqId = 0;
  const server = createServer((socket) => {
    listeners.add(socket);
    staticSent.clear();
    socket.on('error', () => socket.destroy());
    socket.on('close', () => listeners.delete(socket));
  });
  server.on('error', (err) => log.error({ err, port }, 'simulator NMEA port failed'));
  const listening = new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as { port: number }).port;
      log.info({ port: bound }, 'simulator sends AIS as NMEA');
      resolve(bound);
    }),
  );

  return {
    listening,
    async send(sql, fixes) {
      if (fixes.size === 0 || listeners.size === 0) return;
      const rows = await sql.query<VesselRow>(
        'SELECT vsl_cd, mmsi, imo_no, call_sgn, vsl_nm, loa_m, beam_m, draught_m FROM vessels WHERE vsl_cd = ANY($1::text[])',
        [[...fixes.keys()]],
      );
      const now = Date.now();
      const lines: string[] = [];
      for (const v of rows) {
        const fix = fixes.get(v.vsl_cd)?.at(-1);
        const mmsi = Number(v.mmsi);
        if (!fix || !(mmsi > 0)) continue;
        if (now - (staticSent.get(v.vsl_cd) ?? -Infinity) >= STATIC_EVERY_MS) {
          staticSent.set(v.vsl_cd, now);
          const half = (v.beam_m ?? 0) / 2;
          lines.push(
            ...encodeStatic(
              {
                mmsi,
                imo: Number(v.imo_no) || null,
                callSign: v.call_sgn ?? '',
                name: v.vsl_nm,
                shipType: 71, // cargo ship, hazardous category A: container ships' usual code
                toBow: Math.round((v.loa_m ?? 0) * 0.85),
                toStern: Math.round((v.loa_m ?? 0) * 0.15),
                toPort: Math.round(half),
                toStarboard: Math.round(half),
                eta: null,
                draughtM: v.draught_m,
                destination: '',
              },
              seqId++,
            ),
          );
        }
        lines.push(
          encodePosition({
            mmsi,
            navStatus: NAV_STATUS[fix.navSts],
            lat: fix.lat,
            lon: fix.lon,
            sog: fix.sog,
            cog: fix.cog,
            heading: fix.hdg,
            second: new Date(fix.posDt).getUTCSeconds(),
          }),
        );
      }
      const text = lines.map((l) => `${l}\r\n`).join('');
      for (const s of listeners) s.write(text);
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of listeners) s.destroy();
        server.close(() => resolve());
      }),
  };
}
