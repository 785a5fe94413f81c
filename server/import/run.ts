// What `npm run import -- <file>` does once the database is open: tells the file's kind by its content, reads it
// whole, writes it in one transaction and answers what changed. integration.md#starting-empty-and-importing.
import { readFile } from 'node:fs/promises';
import type { Db } from '../db/db.ts';
import { decodeText, parseCsv } from './csv.ts';
import { ImportError } from './errors.ts';
import type { IngestReport } from '../dcsa/ingest.ts';
import { importOvs } from './ovs.ts';
import { importPorts, type PortsImported } from './ports.ts';
import { importTerminals, type TerminalsImported } from './terminals.ts';
import { looksLikeSmdg, readSmdg } from './terminals-read.ts';
import { looksLikeUnlocode, readUnlocode } from './unlocode.ts';

export type Imported =
  | ({ kind: 'unlocode' } & PortsImported)
  | ({ kind: 'smdg' } & TerminalsImported)
  | ({ kind: 'ovs' } & IngestReport);

const KINDS = "an OVS v3 document (JSON), UN/LOCODE's code list or SMDG's Terminal Code List (CSV)";

/**
 * Reads, checks and writes one file; bad input throws an ImportError and writes nothing. db: the domain Db (its
 * transactions record events), as the server's is.
 */
export async function importFile(db: Db, path: string, now = new Date()): Promise<Imported> {
  // Named as the user typed it, so that the message points at the file they meant.
  const file = path;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ImportError(file, code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'error'})`);
  }
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new ImportError(file, `empty: expected ${KINDS}`);
  if (/^\s*[[{]/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new ImportError(file, `not valid JSON (${(err as Error).message})`);
    }
    return { kind: 'ovs', ...(await importOvs(db, value, file, now)) };
  }
  const rows = parseCsv(text, file);
  if (looksLikeSmdg(rows)) return { kind: 'smdg', ...(await importTerminals(db, readSmdg(rows, file), now)) };
  if (looksLikeUnlocode(rows))
    return { kind: 'unlocode', ...(await importPorts(db, readUnlocode(rows, file))) };
  throw new ImportError(file, `not a file this Quay imports: expected ${KINDS}`);
}

/** The lines the command prints: what changed, and each refused row with its reason. */
export function report(file: string, r: Imported): string[] {
  if (r.kind === 'ovs') {
    const lines = [
      `${file}: OVS v3: ${r.calls} transport calls read, ${r.created} added, ${r.changed} changed; ${r.refused.length} refused`,
    ];
    for (const x of r.refused) lines.push(`  call ${x.call} refused: ${x.reason}`);
    return lines;
  }
  if (r.kind === 'smdg') {
    const lines = [
      `${file}: SMDG terminals: ${r.coded} given their code, ${r.added} added, ${r.unchanged} unchanged; ` +
        `${r.unknownPort} rows for ports Quay does not have and ${r.expired} no longer valid skipped; ` +
        `${r.refused.length} rows refused`,
    ];
    for (const x of r.refused) lines.push(`  line ${x.line}: ${x.code || '(no code)'} refused: ${x.reason}`);
    return lines;
  }
  const lines = [
    `${file}: UN/LOCODE: ${r.added} ports added, ${r.updated} updated, ${r.unchanged} unchanged; ` +
      `${r.notPorts} locations that are not seaports and ${r.markedRemoved} marked for removal skipped; ` +
      `${r.refused.length} rows refused`,
  ];
  for (const x of r.refused) lines.push(`  line ${x.line}: ${x.portCd} refused: ${x.reason}`);
  return lines;
}
