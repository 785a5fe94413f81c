// The import of an OVS v3 document (integration.md#starting-empty-and-importing): on an empty Quay whose ports came
// from UN/LOCODE, tests/fixtures/ovs-schedules.json makes a service, a vessel and its calls; again, nothing; a moved
// ETA, one change with its history; a document that breaks the standard's schema is refused whole, naming the path.
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStorage } from '../server/boot.ts';
import { openDb, type Db } from '../server/db/db.ts';
import { createDispatcher, withDomainEvents } from '../server/domain/events.ts';
import { importFile } from '../server/import/run.ts';
import { notificationRules } from '../server/notifications/rules.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const OVS = join(FIXTURES, 'ovs-schedules.json');
const NOW = new Date('2029-12-20T00:00:00Z');
let dir: string;
let raw: Db;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-import-ovs-'));
  raw = await openDb({});
  await prepareStorage(raw, { demo: false, admin: null });
  // As `npm run import` does: the domain's path, with no server to tell after the commit.
  db = withDomainEvents(raw, {
    reactions: [notificationRules],
    dispatcher: createDispatcher(() => undefined),
  });
  await importFile(db, join(FIXTURES, 'unlocode-ports.csv'), NOW);
});

afterAll(async () => {
  await raw?.close();
  await rm(dir, { recursive: true, force: true });
});

const calls = () => db.query("SELECT count(*)::int AS n FROM vessels WHERE imo_no = '9000001'");

describe('npm run import of an OVS v3 document', () => {
  it('makes the vessel and its calls at known ports', async () => {
    const r = await importFile(db, OVS, NOW);
    expect(r).toMatchObject({ kind: 'ovs', calls: 3, created: 3, changed: 0, refused: [] });
    expect(await calls()).toEqual([{ n: 1 }]);
  });

  it('changes nothing when run twice', async () => {
    expect(await importFile(db, OVS, NOW)).toMatchObject({ calls: 3, created: 0, changed: 0 });
  });

  it('moves an ETA that moved, by the file', async () => {
    const doc = JSON.parse(await readFile(OVS, 'utf8')) as {
      vesselSchedules: { transportCalls: { timestamps: { eventDateTime: string }[] }[] }[];
    }[];
    const ts = doc[0]?.vesselSchedules[0]?.transportCalls[1]?.timestamps[0];
    if (ts) ts.eventDateTime = '2030-01-11T14:00:00Z';
    const moved = join(dir, 'moved.json');
    await writeFile(moved, JSON.stringify(doc));
    expect(await importFile(db, moved, NOW)).toMatchObject({ created: 0, changed: 1 });
  });

  it('refuses a document that breaks the schema, or is no list, naming where', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify([{ carrierServiceCode: 'NEL', vesselSchedules: [{ vesselName: 7 }] }]),
    );
    await expect(importFile(db, bad, NOW)).rejects.toThrow(
      /bad\.json: not DCSA OVS 3\.0\.2: \/0 must have required properties carrierServiceName/,
    );
    await writeFile(bad, '{"services": []}');
    await expect(importFile(db, bad, NOW)).rejects.toThrow(/bad\.json: an OVS v3 document is a list/);
    await writeFile(bad, '[{"no');
    await expect(importFile(db, bad, NOW)).rejects.toThrow(/bad\.json: not valid JSON/);
  });
});
