// UN/LOCODE's code list as UNECE publishes it in CSV: the rows of seaports (Function's first place '1') as ports,
// with their coordinates in degrees. Pure: ports.ts writes them. integration.md#starting-empty-and-importing.
import type { CsvRow } from './csv.ts';
import { ImportError } from './errors.ts';

/** UNECE's columns, in the order of its headerless files. */
const COLUMNS = [
  'ch',
  'country',
  'location',
  'name',
  'namewodiacritics',
  'subdiv',
  'function',
  'status',
  'date',
  'iata',
  'coordinates',
  'remarks',
] as const;
type Column = (typeof COLUMNS)[number];
/** Other names of the same columns in copies with a header row (some put Status before Function). */
const ALIASES: Readonly<Record<string, Column>> = { change: 'ch', subdivision: 'subdiv' };
/** A row may lack the last column (Remarks) and nothing else. */
const MIN_CELLS = COLUMNS.length - 1;

export interface UnlocodePort {
  /** Where the row is, for messages. */
  line: number;
  portCd: string;
  portNm: string;
  cntCd: string;
  /** The country's name from the file's own country row (`,"NL",,".NETHERLANDS"`), if it has one. */
  fileCntNm: string | null;
  /** Degrees, north and east positive; null: the row has no coordinates. */
  position: { lat: number; lon: number } | null;
}

export interface UnlocodeRead {
  ports: UnlocodePort[];
  /** Locations that are not seaports (no '1' in Function's first place). */
  notPorts: number;
  /** Rows marked X (to be removed from the list): not imported, and no port deleted for them. */
  markedRemoved: number;
}

/** Whether the first row is a header naming UN/LOCODE's columns. */
function headerOf(row: CsvRow | undefined): Map<Column, number> | null {
  const names = (row?.cells ?? []).map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/[^a-z]/g, ''),
  );
  const cols = names.map((n) => ALIASES[n] ?? (COLUMNS as readonly string[]).find((c) => c === n));
  if (!cols.includes('country') || !cols.includes('location') || !cols.includes('function')) return null;
  return new Map(cols.flatMap((c, i) => (c ? [[c as Column, i] as const] : [])));
}

/** Whether the rows look like UN/LOCODE's code list: its header, or a first row of twelve cells with a country code. */
export function looksLikeUnlocode(rows: readonly CsvRow[]): boolean {
  const first = rows[0];
  if (headerOf(first)) return true;
  return !!first && first.cells.length >= MIN_CELLS && /^[A-Z]{2}$/.test(first.cells[1] ?? '');
}

/** `5155N 00430E` (degrees and minutes) in degrees; null when the text is not such a pair. */
export function parseCoordinates(text: string): { lat: number; lon: number } | null {
  const m = /^(\d{2})(\d{2})([NS])\s+(\d{3})(\d{2})([EW])$/.exec(text.trim());
  if (!m) return null;
  const [, latD, latM, ns, lonD, lonM, ew] = m;
  const lat = Number(latD) + Number(latM) / 60;
  const lon = Number(lonD) + Number(lonM) / 60;
  if (Number(latM) >= 60 || Number(lonM) >= 60 || lat > 90 || lon > 180) return null;
  // Four decimals: a minute is 0.0167°, and binary fractions would otherwise differ run to run in nothing.
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return { lat: round(ns === 'S' ? -lat : lat), lon: round(ew === 'W' ? -lon : lon) };
}

/** "NETHERLANDS" or "KOREA, REPUBLIC OF" as "Netherlands", "Korea, Republic Of". */
function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/(^|[\s(,.-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** The seaports of a UN/LOCODE file; a malformed row or a bad coordinate refuses the whole file, naming the line. */
export function readUnlocode(rows: readonly CsvRow[], file: string): UnlocodeRead {
  const header = headerOf(rows[0]);
  const at = header ?? new Map(COLUMNS.map((c, i) => [c, i] as const));
  const body = header ? rows.slice(1) : rows;
  const countries = new Map<string, string>();
  const read: UnlocodeRead = { ports: [], notPorts: 0, markedRemoved: 0 };
  for (const row of body) {
    const where = `line ${row.line}`;
    if (row.cells.length < (header ? at.size : MIN_CELLS))
      throw new ImportError(
        file,
        `${where}: ${row.cells.length} fields, a UN/LOCODE row has ${COLUMNS.length}`,
      );
    const cell = (c: Column) => (row.cells[at.get(c) ?? -1] ?? '').trim();
    const cntCd = cell('country');
    const location = cell('location');
    const name = cell('name');
    if (!/^[A-Z]{2}$/.test(cntCd))
      throw new ImportError(file, `${where}: country "${cntCd}" is not a two-letter ISO 3166 code`);
    if (location === '') {
      // A country's own row names it (`.NETHERLANDS`); other rows without a location are references (`=`).
      if (name.startsWith('.')) countries.set(cntCd, titleCase(name.slice(1).trim()));
      continue;
    }
    if (!/^[A-Z2-9]{3}$/.test(location))
      throw new ImportError(file, `${where}: location "${location}" is not three letters or digits 2 to 9`);
    if (cell('ch') === 'X') {
      read.markedRemoved++;
      continue;
    }
    if (!cell('function').startsWith('1')) {
      read.notPorts++;
      continue;
    }
    if (name === '') throw new ImportError(file, `${where}: ${cntCd}${location} has no name`);
    const coordinates = cell('coordinates');
    const position = coordinates === '' ? null : parseCoordinates(coordinates);
    if (coordinates !== '' && !position)
      throw new ImportError(
        file,
        `${where}: ${cntCd}${location}'s coordinates "${coordinates}" are not degrees and minutes like "5155N 00430E"`,
      );
    read.ports.push({
      line: row.line,
      portCd: cntCd + location,
      portNm: name,
      cntCd,
      fileCntNm: null,
      position,
    });
  }
  for (const p of read.ports) p.fileCntNm = countries.get(p.cntCd) ?? null;
  return read;
}
