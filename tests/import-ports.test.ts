// The import of UN/LOCODE's code list (integration.md#starting-empty-and-importing): real rows in UNECE's own
// Windows-1252 CSV (tests/fixtures/unlocode-ports.csv: CNSHA, DEHAM, DEMUC, NLRTM, SEGOT, SGSIN), a second run that
// changes nothing, the demo's harbour positions kept, bad files refused whole, and the command as a child process.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStorage } from '../server/boot.ts';
import { openDb, type Db } from '../server/db/db.ts';
import { importFile } from '../server/import/run.ts';
import { parseCoordinates } from '../server/import/unlocode.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'unlocode-ports.csv');
const ROOT = join(import.meta.dirname, '..');
let dir: string;
let db: Db;

/** A fresh empty Quay's database, in memory (even under DATABASE_URL: these tests fill the ports table). */
async function emptyDb(): Promise<Db> {
  const fresh = await openDb({});
  await prepareStorage(fresh, { demo: false, admin: null });
  return fresh;
}

const ports = (on: Db) =>
  on.query<Record<string, unknown>>(
    'SELECT port_cd, port_nm, cnt_cd, cnt_nm, lat, lon, tz, pos_src FROM ports ORDER BY port_cd',
  );

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const ROW = (code: string, name: string, fn: string, coords: string) =>
  `,"${code.slice(0, 2)}","${code.slice(2)}","${name}","${name}",,"${fn}","AI","0401",,"${coords}",""`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-import-'));
  db = await emptyDb();
});

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('UN/LOCODE coordinates', () => {
  it('reads degrees and minutes, south and west negative', () => {
    expect(parseCoordinates('5155N 00430E')).toEqual({ lat: 51.9167, lon: 4.5 });
    expect(parseCoordinates('3356S 01825W')).toEqual({ lat: -33.9333, lon: -18.4167 });
    expect(parseCoordinates('5160N 00430E')).toBeNull();
    expect(parseCoordinates('9130N 00430E')).toBeNull();
    expect(parseCoordinates('51.9 4.5')).toBeNull();
  });
});

describe('npm run import on an empty Quay', () => {
  it('adds the seaports with their country and time zone, and skips the rest', async () => {
    const r = await importFile(db, FIXTURE);
    expect(r).toMatchObject({
      kind: 'unlocode',
      added: 5,
      updated: 0,
      unchanged: 0,
      notPorts: 1,
      refused: [],
    });
    const rows = await ports(db);
    expect(rows.map((p) => p.port_cd)).toEqual(['CNSHA', 'DEHAM', 'NLRTM', 'SEGOT', 'SGSIN']);
    expect(rows.find((p) => p.port_cd === 'NLRTM')).toEqual({
      port_cd: 'NLRTM',
      port_nm: 'Rotterdam',
      cnt_cd: 'NL',
      cnt_nm: 'Netherlands',
      lat: 51.9167,
      lon: 4.5,
      tz: 'Europe/Amsterdam',
      pos_src: 'UN/LOCODE',
    });
    // The file is Windows-1252, as UNECE ships it: the name keeps its ö.
    expect(rows.find((p) => p.port_cd === 'SEGOT')).toMatchObject({
      port_nm: 'Göteborg',
      tz: 'Europe/Stockholm',
    });
    expect(Object.fromEntries(rows.map((p) => [p.port_cd, p.tz]))).toMatchObject({
      CNSHA: 'Asia/Shanghai',
      DEHAM: 'Europe/Berlin',
      SGSIN: 'Asia/Singapore',
    });
  });

  it('changes nothing when run twice', async () => {
    const before = await ports(db);
    const r = await importFile(db, FIXTURE);
    expect(r).toMatchObject({ added: 0, updated: 0, unchanged: 5, refused: [] });
    expect(await ports(db)).toEqual(before);
  });

  it('moves a port a newer list moves, when a list placed it', async () => {
    const path = await file('newer.csv', ROW('NLRTM', 'Rotterdam', '12345---', '5154N 00429E') + '\n');
    expect(await importFile(db, path)).toMatchObject({ added: 0, updated: 1 });
    const [rtm] = await db.query<{ lat: number; lon: number }>(
      "SELECT lat, lon FROM ports WHERE port_cd = 'NLRTM'",
    );
    expect(rtm).toEqual({ lat: 51.9, lon: 4.4833 });
  });

  it('reads a copy with a header row and Status before Function', async () => {
    const path = await file(
      'header.csv',
      'Change,Country,Location,Name,NameWoDiacritics,Subdivision,Status,Function,Date,IATA,Coordinates,Remarks\n' +
        ',BE,ANR,Antwerpen,Antwerpen,VAN,AI,12345---,0401,,5113N 00425E,\n',
    );
    expect(await importFile(db, path)).toMatchObject({ added: 1 });
    const [anr] = await db.query("SELECT cnt_nm, tz FROM ports WHERE port_cd = 'BEANR'");
    expect(anr).toEqual({ cnt_nm: 'Belgium', tz: 'Europe/Brussels' });
  });

  it('refuses a new port without coordinates, with its reason, and adds the others', async () => {
    const path = await file(
      'nocoords.csv',
      [ROW('ESVLC', 'Valencia', '12345---', '3928N 00022W'), ROW('ESXXA', 'Nowhere', '1-------', '')].join(
        '\n',
      ),
    );
    expect(await importFile(db, path)).toMatchObject({
      kind: 'unlocode',
      added: 1,
      refused: [{ line: 2, portCd: 'ESXXA', reason: expect.stringMatching(/^no coordinates/) as unknown }],
    });
  });
});

describe('bad files are refused whole', () => {
  const cases: [name: string, text: string, message: RegExp][] = [
    ['notes.csv', 'just some notes\nabout ports\n', /\/notes\.csv: not a file this Quay imports/],
    [
      'short.csv',
      `${ROW('FRLEH', 'Le Havre', '12345---', '4929N 00006E')}\n,"FR","MRS","Marseille"\n`,
      /\/short\.csv: line 2: 4 fields, a UN\/LOCODE row has 12$/,
    ],
    [
      'coords.csv',
      `${ROW('FRLEH', 'Le Havre', '12345---', '4929N 00006E')}\n${ROW('FRMRS', 'Marseille', '12345---', '4318N 00575E')}\n`,
      /\/coords\.csv: line 2: FRMRS's coordinates "4318N 00575E" are not degrees and minutes/,
    ],
    [
      'quote.csv',
      `${ROW('FRLEH', 'Le Havre', '12345---', '4929N 00006E')}\n,"FR","MRS","Marseille,\n`,
      /\/quote\.csv: line 2: a quoted field is never closed$/,
    ],
    ['empty.csv', '\n', /\/empty\.csv: empty/],
    ['missing.csv', '', /missing\.csv: no such file$/],
  ];
  it.each(cases)('%s', async (name, text, message) => {
    const before = await ports(db);
    const path = name === 'missing.csv' ? join(dir, name) : await file(name, text);
    await expect(importFile(db, path)).rejects.toThrow(message);
    // Le Havre, on the line before the bad one, is not written either.
    expect(await ports(db)).toEqual(before);
  });
});

describe('over the demo world', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("renames to the list's names but keeps the demo's harbour positions", async () => {
    const q = () =>
      server.db.query<{ port_cd: string; port_nm: string; lat: number; lon: number }>(
        "SELECT port_cd, port_nm, lat, lon FROM ports WHERE port_cd IN ('CNSHA', 'SEGOT') ORDER BY port_cd",
      );
    const before = await q();
    const r = await importFile(server.db, FIXTURE);
    expect(r).toMatchObject({ added: 0, updated: 1, unchanged: 4 });
    expect(await q()).toEqual(before.map((p) => (p.port_cd === 'SEGOT' ? { ...p, port_nm: 'Göteborg' } : p)));
  });
});

describe('the command', () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/import/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('prints what it did, or one line naming the problem and exits 1', async () => {
    const env = { DATA_DIR: join(dir, 'data'), DEMO: 'off' };
    const ok = await run([FIXTURE], env);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toMatch(/UN\/LOCODE: 5 ports added, 0 updated, 0 unchanged/);

    const bad = await run(
      [await file('bad.csv', `${ROW('FRMRS', 'Marseille', '12345---', '43N 5E')}\n`)],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^import: \S+\/bad\.csv: line 1: FRMRS's coordinates "43N 5E"/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);

    expect(await run([], env)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^usage: npm run import/),
    });
  }, 120_000);
});
