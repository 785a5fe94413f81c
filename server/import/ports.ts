// Writes UN/LOCODE's seaports into the ports table in one transaction: new ones added with their time zone from
// the coordinates, known ones renamed; none deleted. integration.md#starting-empty-and-importing.
import tzLookup from '@photostructure/tz-lookup';
import type { Db, Sql } from '../db/db.ts';
import type { UnlocodePort, UnlocodeRead } from './unlocode.ts';

/** ports.pos_src of a position this import placed, which a newer code list may move (migration 016). */
const POS_SRC = 'UN/LOCODE';

interface Refusal {
  line: number;
  portCd: string;
  reason: string;
}

export interface PortsImported {
  added: number;
  updated: number;
  unchanged: number;
  refused: Refusal[];
  notPorts: number;
  markedRemoved: number;
}

interface Known {
  port_cd: string;
  port_nm: string;
  lat: number;
  lon: number;
  pos_src: string | null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The country's English name: the runtime's own list first (plain names), the file's country row else. */
function countryName(p: UnlocodePort): string {
  return regionNames.of(p.cntCd) ?? p.fileCntNm ?? p.cntCd;
}

type Row = Record<string, string | number | null>;

async function known(sql: Sql, codes: readonly string[]): Promise<Map<string, Known>> {
  const rows = await sql.query<Known>(
    'SELECT port_cd, port_nm, lat, lon, pos_src FROM ports WHERE port_cd = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [r.port_cd, r]));
}

/** What changes of a known port: its name, and its position when an earlier UN/LOCODE import placed it. */
function changesOf(p: UnlocodePort, was: Known): Row | null {
  const moved =
    was.pos_src === POS_SRC && p.position && (p.position.lat !== was.lat || p.position.lon !== was.lon);
  if (p.portNm === was.port_nm && !moved) return null;
  const pos = moved && p.position ? p.position : { lat: was.lat, lon: was.lon };
  return {
    port_cd: p.portCd,
    port_nm: p.portNm,
    lat: pos.lat,
    lon: pos.lon,
    tz: moved ? tzLookup(pos.lat, pos.lon) : null,
  };
}

export async function importPorts(db: Db, read: UnlocodeRead): Promise<PortsImported> {
  return db.tx(async (sql) => {
    const was = await known(
      sql,
      read.ports.map((p) => p.portCd),
    );
    const result: PortsImported = {
      added: 0,
      updated: 0,
      unchanged: 0,
      refused: [],
      notPorts: read.notPorts,
      markedRemoved: read.markedRemoved,
    };
    const firstLine = new Map<string, number>();
    const added: Row[] = [];
    const updated: Row[] = [];
    for (const p of read.ports) {
      const refuse = (reason: string) => result.refused.push({ line: p.line, portCd: p.portCd, reason });
      const first = firstLine.get(p.portCd);
      if (first !== undefined) {
        refuse(`listed again (first on line ${first})`);
        continue;
      }
      firstLine.set(p.portCd, p.line);
      const before = was.get(p.portCd);
      if (before) {
        const change = changesOf(p, before);
        if (change) updated.push(change);
        else result.unchanged++;
      } else if (!p.position) {
        refuse('no coordinates: a new port needs its position, and its time zone comes from it');
      } else {
        const { lat, lon } = p.position;
        added.push({
          port_cd: p.portCd,
          port_nm: p.portNm,
          cnt_cd: p.cntCd,
          cnt_nm: countryName(p),
          lat,
          lon,
          tz: tzLookup(lat, lon),
          pos_src: POS_SRC,
        });
      }
    }
    if (added.length > 0)
      await sql.query(
        `INSERT INTO ports (port_cd, port_nm, cnt_cd, cnt_nm, lat, lon, tz, pos_src)
         SELECT port_cd, port_nm, cnt_cd, cnt_nm, lat, lon, tz, pos_src FROM jsonb_to_recordset($1::jsonb)
             AS x(port_cd text, port_nm text, cnt_cd text, cnt_nm text, lat double precision,
                  lon double precision, tz text, pos_src text)`,
        [JSON.stringify(added)],
      );
    if (updated.length > 0)
      await sql.query(
        `UPDATE ports p SET port_nm = x.port_nm, lat = x.lat, lon = x.lon, tz = coalesce(x.tz, p.tz)
           FROM jsonb_to_recordset($1::jsonb)
             AS x(port_cd text, port_nm text, lat double precision, lon double precision, tz text)
          WHERE p.port_cd = x.port_cd`,
        [JSON.stringify(updated)],
      );
    result.added = added.length;
    result.updated = updated.length;
    return result;
  });
}
