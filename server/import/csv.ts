// CSV as the reference files come (RFC 4180: quoted fields, doubled quotes, CRLF or LF), each row with its line
// number for the messages; and the text of a file, which UNECE writes in Windows-1252 rather than UTF-8.
import { ImportError } from './errors.ts';

export interface CsvRow {
  /** The line the row starts on, from 1. */
  line: number;
  cells: string[];
}

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM dropped), else Windows-1252, as UNECE's code lists are. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Every non-blank row; an unclosed quote or a stray one is refused with its line. */
export function parseCsv(text: string, file: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let wasQuoted = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '' || wasQuoted) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    wasQuoted = false;
    rowLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
        const next = text[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new ImportError(file, `line ${line}: text after a closing quote`);
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"') {
      if (cell !== '') throw new ImportError(file, `line ${line}: a quote inside an unquoted field`);
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
    } else cell += c;
  }
  if (quoted) throw new ImportError(file, `line ${rowLine}: a quoted field is never closed`);
  endRow();
  return rows;
}
