// The import of SMDG's Terminal Code List (integration.md#starting-empty-and-importing). tests/fixtures/smdg-terminals.csv
// holds nine real rows of SMDG's list as published on 2024-06-12, unchanged (its header then; Wealth Fair's code was
// valid until 2024-04-30); rows the tests write themselves are fictional: "QUAY TEST TERMINAL", codes QTT1 and QTT2.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStorage } from '../server/boot.ts';
import { openDb, type Db } from '../server/db/db.ts';
import type { ServiceSchedule as CsSchedule } from '../server/dcsa/cs-schemas.ts';
import type { ServiceSchedule, TransportCall } from '../server/dcsa/ovs-schemas.ts';
import { importFile, report } from '../server/import/run.ts';
import { matchTerminals } from '../server/import/terminals-match.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const SMDG = join(FIXTURES, 'smdg-terminals.csv');
const ROOT = join(import.meta.dirname, '..');
const NOW = new Date('2026-01-15T00:00:00Z');
const HEADER =
  'UNLOCODE,Alternative UNLOCODE,Terminal Code,Terminal Facility Name,Terminal Company Name,Latitude (DMS),' +
  'Longitude (DMS),Latitude,Longitude,Last change,Valid from,Valid to,Terminal Website,Terminal Address,Remarks';
let dir: string;
let db: Db;

/** A Quay started empty whose ports came from UN/LOCODE: CNSHA, DEHAM, NLRTM, SEGOT and SGSIN, no terminals. */
async function emptyQuay(dataDir?: string): Promise<Db> {
  const fresh = await openDb(dataDir ? { dataDir } : {});
  await prepareStorage(fresh, { demo: false, admin: null });
  await importFile(fresh, join(FIXTURES, 'unlocode-ports.csv'), NOW);
  return fresh;
}

const terminals = (on: Db) =>
  on.query<{ port_cd: string; yd_cd: string; yd_nm: string; smdg_cd: string | null }>(
    'SELECT port_cd, yd_cd, yd_nm, smdg_cd FROM terminals ORDER BY port_cd, yd_cd',
  );

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-import-terminals-'));
  db = await emptyQuay();
  await db.query(
    "INSERT INTO terminals (port_cd, yd_cd, yd_nm) VALUES ('NLRTM', 'NLRTMEU', 'Euromax Terminal Rotterdam')",
  );
});

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run import of SMDG terminal codes', () => {
  it('codes a terminal Quay has by its name, adds the others, skips unknown ports and ended codes', async () => {
    const r = await importFile(db, SMDG, NOW);
    expect(r).toEqual({
      kind: 'smdg',
      coded: 1,
      added: 6,
      unchanged: 0,
      unknownPort: 1,
      expired: 1,
      refused: [],
    });
    expect(await terminals(db)).toEqual([
      {
        port_cd: 'DEHAM',
        yd_cd: 'DEHAMCT',
        yd_nm: 'HHLA CONTAINER TERMINAL BURCHARDKAI (CTB)',
        smdg_cd: 'CTB',
      },
      { port_cd: 'NLRTM', yd_cd: 'NLRTMDD', yd_nm: 'ECT DELTA DEDICATED EAST (DDE)', smdg_cd: 'DDE' },
      // DD is taken: the next pair of its code's letters.
      { port_cd: 'NLRTM', yd_cd: 'NLRTMDN', yd_nm: 'ECT DELTA DEDICATED NORTH (DDN)', smdg_cd: 'DDN' },
      // "ECT EUROMAX TERMINAL (EMX)": the same terminal, its name kept.
      { port_cd: 'NLRTM', yd_cd: 'NLRTMEU', yd_nm: 'Euromax Terminal Rotterdam', smdg_cd: 'EMX' },
      { port_cd: 'NLRTM', yd_cd: 'NLRTMRW', yd_nm: 'ROTTERDAM WORLD GATEWAY', smdg_cd: 'RWG' },
      { port_cd: 'SEGOT', yd_cd: 'SEGOTCT', yd_nm: 'APM TERMINALS GOTHENBURG', smdg_cd: 'CT1' },
      { port_cd: 'SGSIN', yd_cd: 'SGSINPS', yd_nm: 'PSA PASIR PANJANG TERMINALS', smdg_cd: 'PSAPPT' },
    ]);
  });

  it('changes nothing when run twice', async () => {
    const before = await terminals(db);
    expect(await importFile(db, SMDG, NOW)).toMatchObject({ coded: 0, added: 0, unchanged: 7, refused: [] });
    expect(await terminals(db)).toEqual(before);
  });

  it('reads the header by its names in any order, with a BOM, CRLF, quoted commas and an alternative port', async () => {
    const path = await file(
      'reordered.csv',
      '\uFEFFTerminal Code,Remarks,UNLOCODE,Terminal Facility Name,Alternative UNLOCODEs,Valid until\r\n' +
        'QTT1,"Fictional, for this test",ZZQAA,"QUAY TEST TERMINAL, NORTH QUAY",NLRTM,2099-12-31\r\n',
    );
    expect(await importFile(db, path, NOW)).toMatchObject({ kind: 'smdg', added: 1, unknownPort: 0 });
    const [t] = await db.query("SELECT yd_cd, yd_nm FROM terminals WHERE smdg_cd = 'QTT1'");
    expect(t).toEqual({ yd_cd: 'NLRTMQT', yd_nm: 'QUAY TEST TERMINAL, NORTH QUAY' });
  });

  it('refuses bad rows with their line and reason, and imports the rest', async () => {
    const row = (port: string, code: string, until = '') =>
      `${port},,${code},QUAY TEST TERMINAL ${code},QUAY,,,,,,2020-01-01,${until},,,`;
    const path = await file(
      'bad-rows.csv',
      [
        HEADER,
        row('NLRTM', ''),
        row('NLRTM', 'QTT1234'),
        row('NL-RT', 'QTT3'),
        row('NLRTM', 'QTT4', '30.04.2024'),
        row('NLRTM', 'QTT2'),
        row('NLRTM', 'QTT2'),
      ].join('\n'),
    );
    const r = await importFile(db, path, NOW);
    expect(r).toMatchObject({ kind: 'smdg', added: 1 });
    expect(report('bad-rows.csv', r)).toEqual([
      'bad-rows.csv: SMDG terminals: 0 given their code, 1 added, 0 unchanged; 0 rows for ports Quay does not have ' +
        'and 0 no longer valid skipped; 5 rows refused',
      '  line 2: (no code) refused: no terminal code',
      `  line 3: QTT1234 refused: terminal code "QTT1234" is not 1 to 6 letters or digits (DCSA's facilitySMDGCode)`,
      '  line 4: QTT3 refused: UNLOCODE "NL-RT" is not a UN/LOCODE (two letters, then three letters or digits 2 to 9)',
      '  line 5: QTT4 refused: Valid until "30.04.2024" is not a date like 2024-04-30',
      '  line 7: QTT2 refused: listed again at NLRTM (first on line 6)',
    ]);
  });

  const broken: [name: string, text: string, message: RegExp][] = [
    [
      'no-name.csv',
      'UNLOCODE,Terminal Code\nNLRTM,QTT5\n',
      /\/no-name\.csv: line 1: no Terminal Facility Name column$/,
    ],
    [
      'short.csv',
      `${HEADER}\nNLRTM,,QTT5,QUAY TEST TERMINAL QTT5,QUAY,,,,,,2020-01-01,,,,\nNLRTM,,QTT6,QUAY TEST TERMINAL QTT6\n`,
      /\/short\.csv: line 3: 4 fields, the header names its columns up to field 12$/,
    ],
    [
      'quote.csv',
      `${HEADER}\nNLRTM,,QTT5,QUAY TEST TERMINAL QTT5,QUAY,,,,,,2020-01-01,,,,\nNLRTM,,QTT6,"QUAY\n`,
      /\/quote\.csv: line 3: a quoted field is never closed$/,
    ],
  ];
  it.each(broken)('refuses %s whole and writes nothing', async (name, text, message) => {
    const before = await terminals(db);
    await expect(importFile(db, await file(name, text), NOW)).rejects.toThrow(message);
    expect(await terminals(db)).toEqual(before);
  });
});

describe('matching by name', () => {
  const known = [{ ydCd: 'NLRTMEC', ydNm: 'ECT Delta', smdgCd: null }];
  it('leaves a terminal two rows fit to neither', () => {
    const rows = [
      { code: 'DDE', name: 'ECT DELTA DEDICATED EAST (DDE)' },
      { code: 'DDN', name: 'ECT DELTA DEDICATED NORTH (DDN)' },
    ];
    expect(matchTerminals(rows, known, 'Rotterdam')).toEqual([{ by: 'none' }, { by: 'none' }]);
    expect(matchTerminals(rows.slice(0, 1), known, 'Rotterdam')).toEqual([{ by: 'name', ydCd: 'NLRTMEC' }]);
  });

  it('never renames the code a terminal has, and ignores case, punctuation and the port name', () => {
    const coded = [{ ydCd: 'NLRTMEC', ydNm: 'ECT Delta', smdgCd: 'DDN' }];
    expect(matchTerminals([{ code: 'DDE', name: 'ECT Delta' }], coded, 'Rotterdam')).toEqual([
      { by: 'none' },
    ]);
    const euromax = [{ ydCd: 'NLRTMEU', ydNm: 'Euromax Terminal Rotterdam', smdgCd: null }];
    expect(matchTerminals([{ code: 'EMX', name: 'EUROMAX' }], euromax, 'Rotterdam')).toEqual([
      { by: 'name', ydCd: 'NLRTMEU' },
    ]);
  });
});

describe('served to partners', () => {
  let s: TestServer;
  let staff: Record<string, string>;
  beforeAll(async () => {
    s = await startTestServer();
    staff = { 'x-auth-token': await s.token('staff') };
  });
  afterAll(async () => s?.close());

  const ovs = async (query: string): Promise<TransportCall[]> => {
    const res = await s.app.inject({ method: 'GET', url: `/v3/service-schedules${query}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<ServiceSchedule[]>()
      .flatMap((svc) => (svc.vesselSchedules ?? []).flatMap((v) => v.transportCalls ?? []));
  };

  it("gives the demo's terminals their codes, and OVS and CS serve them and filter by them", async () => {
    const codes = ['RWG', 'CTB', 'CT1', 'PSAPPT'];
    for (const code of codes) expect(await ovs(`?facilitySMDGCode=${code}&limit=1000`)).toEqual([]);

    expect(await importFile(s.db, SMDG, NOW)).toMatchObject({
      coded: 4,
      added: 3,
      unknownPort: 1,
      expired: 1,
    });
    const coded = await s.db.query<{ yd_cd: string; smdg_cd: string }>(
      'SELECT yd_cd, smdg_cd FROM terminals WHERE smdg_cd IS NOT NULL ORDER BY yd_cd',
    );
    expect(coded).toEqual([
      { yd_cd: 'DEHAMBK', smdg_cd: 'CTB' },
      // The demo's ECT Delta fits both DDE and DDN: given neither, they are added.
      { yd_cd: 'NLRTMDD', smdg_cd: 'DDE' },
      { yd_cd: 'NLRTMDN', smdg_cd: 'DDN' },
      { yd_cd: 'NLRTMEM', smdg_cd: 'EMX' },
      { yd_cd: 'NLRTMRW', smdg_cd: 'RWG' },
      { yd_cd: 'SEGOTAP', smdg_cd: 'CT1' },
      { yd_cd: 'SGSINPP', smdg_cd: 'PSAPPT' },
    ]);

    let served = 0;
    let servedCs = 0;
    for (const code of codes) {
      const calls = await ovs(`?facilitySMDGCode=${code}&responseScope=MATCHED_CALLS&limit=1000`);
      served += calls.length;
      for (const c of calls)
        expect(c.location).toMatchObject({ locationType: 'FACS', facilitySMDGCode: code });
      const res = await s.app.inject({
        method: 'GET',
        url: `/v1/vessel-schedules?facilitySMDGCode=${code}&responseScope=MATCHED_CALLS&limit=1000`,
        headers: staff,
      });
      expect(res.statusCode, res.body).toBe(200);
      const cs = res
        .json<CsSchedule[]>()
        .flatMap((svc) => svc.vesselSchedules.flatMap((v) => v.transportCalls ?? []));
      servedCs += cs.length;
      for (const c of cs) expect(c.location?.facilitySMDGCode).toBe(code);
    }
    // The demo's ships call at these four terminals among others: some of their calls are in the window.
    expect(served).toBeGreaterThan(0);
    expect(servedCs).toBeGreaterThan(0);
  });
});

describe('the command', () => {
  it('imports the list into the database npm start uses and prints what it did', async () => {
    const data = join(dir, 'data');
    await (await emptyQuay(join(data, 'pglite'))).close();
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/import/main.ts', SMDG],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: data, DEMO: 'off' },
      },
    );
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /smdg-terminals\.csv: SMDG terminals: 0 given their code, 7 added, 0 unchanged; 1 rows for ports Quay does not have and 1 no longer valid skipped; 0 rows refused/,
    );
  }, 120_000);
});
