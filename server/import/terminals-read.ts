// SMDG's Terminal Code List as SMDG publishes it in CSV: read by its header's names, in any order, each row checked
// on its own. Pure: terminals.ts matches and writes them. integration.md#starting-empty-and-importing.
import type { CsvRow } from './csv.ts';
import { ImportError } from './errors.ts';

/** The columns Quay reads; the others (company, coordinates, website, address, remarks) are left. */
type Column = 'unlocode' | 'alternatives' | 'code' | 'name' | 'validUntil';

/** Header names without case, spaces or punctuation: SMDG has renamed some ("Valid until" became "Valid to"). */
const NAMES: Readonly<Record<string, Column>> = {
  unlocode: 'unlocode',
  alternativeunlocode: 'alternatives',
  alternativeunlocodes: 'alternatives',
  terminalcode: 'code',
  terminalfacilityname: 'name',
  validuntil: 'validUntil',
  validto: 'validUntil',
};

const UNLOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
/** DCSA's facilitySMDGCode holds at most 6 characters; SMDG's codes are letters and digits. */
const SMDG_CODE = /^[A-Za-z0-9]{1,6}$/;

export interface SmdgTerminal {
  /** Where the row is, for messages. */
  line: number;
  code: string;
  name: string;
  /** The row's UN/LOCODE first, then its alternatives: the first of them Quay has is the terminal's port. */
  ports: string[];
  /** The last day the code is valid (YYYY-MM-DD), or null when open. */
  validUntil: string | null;
}

export interface SmdgRefusal {
  line: number;
  code: string;
  reason: string;
}

export interface SmdgRead {
  terminals: SmdgTerminal[];
  refused: SmdgRefusal[];
}

const key = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/** The header's columns, when the first row names at least UNLOCODE and Terminal Code; null otherwise. */
function headerOf(row: CsvRow | undefined): Map<Column, number> | null {
  const at = new Map<Column, number>();
  (row?.cells ?? []).forEach((cell, i) => {
    const column = NAMES[key(cell)];
    if (column && !at.has(column)) at.set(column, i);
  });
  return at.has('unlocode') && at.has('code') ? at : null;
}

/** Whether the rows are SMDG's Terminal Code List: told by its header alone, as the list always has one. */
export function looksLikeSmdg(rows: readonly CsvRow[]): boolean {
  return headerOf(rows[0]) !== null;
}

/** `2024-04-30` or `2004-05-31 00:00:00` as the day; null when the cell is no such date. */
function dayOf(cell: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]+)?$/.exec(cell);
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day ? null : day;
}

/** One row: a terminal, or the reason it is refused. */
function readRow(row: CsvRow, at: Map<Column, number>): SmdgTerminal | SmdgRefusal {
  const cell = (c: Column) => (row.cells[at.get(c) ?? -1] ?? '').trim();
  const code = cell('code');
  const refuse = (reason: string): SmdgRefusal => ({ line: row.line, code, reason });
  if (code === '') return refuse('no terminal code');
  if (!SMDG_CODE.test(code))
    return refuse(`terminal code "${code}" is not 1 to 6 letters or digits (DCSA's facilitySMDGCode)`);
  const unlocode = cell('unlocode');
  if (!UNLOCODE.test(unlocode))
    return refuse(
      `UNLOCODE "${unlocode}" is not a UN/LOCODE (two letters, then three letters or digits 2 to 9)`,
    );
  const name = cell('name').replace(/\s+/g, ' ');
  if (name === '') return refuse('no terminal facility name');
  const until = cell('validUntil');
  const validUntil = until === '' ? null : dayOf(until);
  if (until !== '' && !validUntil) return refuse(`Valid until "${until}" is not a date like 2024-04-30`);
  // Alternatives are written "CNNBG" or "CNNBG, CNNGB"; one that is no UN/LOCODE is left out, not refused.
  const alternatives = cell('alternatives')
    .split(/[\s,;/]+/)
    .filter((c) => UNLOCODE.test(c) && c !== unlocode);
  return { line: row.line, code, name, ports: [unlocode, ...alternatives], validUntil };
}

/** The list's rows; a row that breaks the CSV's shape refuses the whole file, a bad value refuses its row. */
export function readSmdg(rows: readonly CsvRow[], file: string): SmdgRead {
  const at = headerOf(rows[0]);
  if (!at) throw new ImportError(file, "not SMDG's Terminal Code List: no UNLOCODE and Terminal Code header");
  if (!at.has('name'))
    throw new ImportError(file, `line ${rows[0]?.line ?? 1}: no Terminal Facility Name column`);
  const read: SmdgRead = { terminals: [], refused: [] };
  const needed = Math.max(...at.values()) + 1;
  for (const row of rows.slice(1)) {
    if (row.cells.length < needed)
      throw new ImportError(
        file,
        `line ${row.line}: ${row.cells.length} fields, the header names its columns up to field ${needed}`,
      );
    const r = readRow(row, at);
    if ('reason' in r) read.refused.push(r);
    else read.terminals.push(r);
  }
  return read;
}
