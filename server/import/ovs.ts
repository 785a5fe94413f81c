// An OVS v3 document (the body of GET /v3/service-schedules) for operators with no API: checked against the
// standard's schema, then written as a schedule source's page is. integration.md#starting-empty-and-importing.
import { basename } from 'node:path';
import { Compile } from 'typebox/compile';
import type { Db } from '../db/db.ts';
import { ingestServiceSchedules, type IngestReport } from '../dcsa/ingest.ts';
import { ServiceSchedules } from '../dcsa/ovs-schemas.ts';
import { ImportError } from './errors.ts';

const check = Compile(ServiceSchedules);

/** db: the domain Db, so that a moved ETA makes its history, notifications and alerts as a source's does. */
export async function importOvs(db: Db, value: unknown, file: string, now: Date): Promise<IngestReport> {
  if (!Array.isArray(value))
    throw new ImportError(
      file,
      'an OVS v3 document is a list of service schedules ([…]), as GET /v3/service-schedules answers',
    );
  if (!check.Check(value)) {
    const first = [...check.Errors(value)][0];
    throw new ImportError(
      file,
      `not DCSA OVS 3.0.2: ${first?.instancePath || 'the document'} ${first?.message ?? 'breaks the schema'}`,
    );
  }
  return ingestServiceSchedules(db, value, { source: basename(file), now });
}
