// Writes SMDG's terminal codes into the terminals table in one transaction: a terminal Quay has at the port is given
// its code, one it lacks is added; none is renamed or deleted. integration.md#starting-empty-and-importing.
import type { Db, Sql } from '../db/db.ts';
import { matchTerminals, newTerminalCode, type KnownTerminal } from './terminals-match.ts';
import type { SmdgRead, SmdgRefusal, SmdgTerminal } from './terminals-read.ts';

export interface TerminalsImported {
  /** Terminals Quay had, found by name and given their SMDG code. */
  coded: number;
  added: number;
  /** Rows whose terminal already had the code. */
  unchanged: number;
  /** Rows for ports Quay does not have (neither the UNLOCODE nor an alternative): skipped, no error. */
  unknownPort: number;
  /** Rows whose Valid until is past: the code is no longer in use. */
  expired: number;
  refused: SmdgRefusal[];
}

interface PortRow {
  port_cd: string;
  port_nm: string;
}

interface TerminalRow {
  port_cd: string;
  yd_cd: string;
  yd_nm: string;
  smdg_cd: string | null;
}

/** The rows still valid on `today`, each at the first of its ports Quay has; the others counted or refused. */
function placed(
  read: SmdgRead,
  ports: ReadonlySet<string>,
  today: string,
  result: TerminalsImported,
): Map<string, SmdgTerminal[]> {
  const byPort = new Map<string, SmdgTerminal[]>();
  const firstLine = new Map<string, number>();
  for (const t of read.terminals) {
    if (t.validUntil !== null && t.validUntil < today) {
      result.expired++;
      continue;
    }
    const port = t.ports.find((p) => ports.has(p));
    if (!port) {
      result.unknownPort++;
      continue;
    }
    const first = firstLine.get(`${port} ${t.code}`);
    if (first !== undefined) {
      result.refused.push({
        line: t.line,
        code: t.code,
        reason: `listed again at ${port} (first on line ${first})`,
      });
      continue;
    }
    firstLine.set(`${port} ${t.code}`, t.line);
    byPort.set(port, [...(byPort.get(port) ?? []), t]);
  }
  return byPort;
}

async function loadPorts(sql: Sql, read: SmdgRead): Promise<Map<string, string>> {
  const codes = [...new Set(read.terminals.flatMap((t) => t.ports))];
  const rows = await sql.query<PortRow>(
    'SELECT port_cd, port_nm FROM ports WHERE port_cd = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [r.port_cd, r.port_nm]));
}

async function loadTerminals(sql: Sql, ports: readonly string[]): Promise<Map<string, KnownTerminal[]>> {
  const rows = await sql.query<TerminalRow>(
    'SELECT port_cd, yd_cd, yd_nm, smdg_cd FROM terminals WHERE port_cd = ANY($1::text[]) ORDER BY port_cd, yd_cd',
    [ports],
  );
  const byPort = new Map<string, KnownTerminal[]>();
  for (const r of rows)
    byPort.set(r.port_cd, [
      ...(byPort.get(r.port_cd) ?? []),
      { ydCd: r.yd_cd, ydNm: r.yd_nm, smdgCd: r.smdg_cd },
    ]);
  return byPort;
}

/** now: the day Valid until is compared with (UTC). */
export async function importTerminals(db: Db, read: SmdgRead, now: Date): Promise<TerminalsImported> {
  return db.tx(async (sql) => {
    const result: TerminalsImported = {
      coded: 0,
      added: 0,
      unchanged: 0,
      unknownPort: 0,
      expired: 0,
      refused: [...read.refused],
    };
    const ports = await loadPorts(sql, read);
    const byPort = placed(read, new Set(ports.keys()), now.toISOString().slice(0, 10), result);
    const known = await loadTerminals(sql, [...byPort.keys()]);
    const coded: TerminalRow[] = [];
    const added: TerminalRow[] = [];
    for (const [portCd, rows] of byPort) {
      const terminals = known.get(portCd) ?? [];
      const used = new Set(terminals.map((t) => t.ydCd));
      matchTerminals(rows, terminals, ports.get(portCd) ?? '').forEach((m, i) => {
        const row = rows[i];
        if (!row) return;
        if (m.by === 'code') result.unchanged++;
        else if (m.by === 'name')
          coded.push({ port_cd: portCd, yd_cd: m.ydCd, yd_nm: '', smdg_cd: row.code });
        else {
          const ydCd = newTerminalCode(portCd, row.code, used);
          used.add(ydCd);
          added.push({ port_cd: portCd, yd_cd: ydCd, yd_nm: row.name, smdg_cd: row.code });
        }
      });
    }
    if (coded.length > 0)
      await sql.query(
        `UPDATE terminals t SET smdg_cd = x.smdg_cd FROM jsonb_to_recordset($1::jsonb) AS x(port_cd text, yd_cd text, smdg_cd text)
          WHERE t.port_cd = x.port_cd AND t.yd_cd = x.yd_cd`,
        [JSON.stringify(coded)],
      );
    if (added.length > 0)
      await sql.query(
        `INSERT INTO terminals (port_cd, yd_cd, yd_nm, smdg_cd)
         SELECT port_cd, yd_cd, yd_nm, smdg_cd FROM jsonb_to_recordset($1::jsonb)
             AS x(port_cd text, yd_cd text, yd_nm text, smdg_cd text)`,
        [JSON.stringify(added)],
      );
    result.coded = coded.length;
    result.added = added.length;
    result.refused.sort((a, b) => a.line - b.line);
    return result;
  });
}
