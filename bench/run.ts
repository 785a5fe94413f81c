// `npm run bench`: prints figures against the budgets of budgets.md#current-budgets. Nothing here fails on a slow machine.
// `npm run bench -- browser` (or server, bundle, outbox, meter, pull, signon, day, notilist, lighthouse, cluster,
// stomp-flood, ais) runs one part; the day, the notification list, Lighthouse, the cluster, the flood and AIS run only
// when asked.
import type { Row } from './common.ts';
import { aisBench } from './ais.ts';
import { browserBench } from './browser.ts';
import { bundleBench } from './bundle.ts';
import { clusterBench } from './cluster.ts';
import { dayBench } from './day.ts';
import { lighthouseBench } from './lighthouse.ts';
import { meterBench } from './meter.ts';
import { notiListBench } from './noti-list.ts';
import { outboxBench } from './outbox.ts';
import { pullBench } from './pull.ts';
import { serverBench, withServer } from './server.ts';
import { signOnBench } from './signon.ts';
import { stompFloodBench } from './stomp-flood.ts';

const parts: Record<string, () => Row[] | Promise<Row[]>> = {
  bundle: bundleBench,
  server: serverBench,
  browser: browserBench,
  outbox: () => withServer(outboxBench),
  meter: meterBench,
  pull: () => pullBench(),
  day: dayBench,
  signon: signOnBench,
  notilist: notiListBench,
  lighthouse: lighthouseBench,
  cluster: clusterBench,
  'stomp-flood': stompFloodBench,
  ais: aisBench,
};
/** Parts that run only when asked for by name (the day takes about 20 minutes, the list, Lighthouse and the cluster a
 * few; the cluster needs Debian's PostgreSQL, RabbitMQ and HAProxy). */
const ONLY_ASKED = ['day', 'notilist', 'lighthouse', 'cluster', 'stomp-flood', 'ais'];
const asked = process.argv.slice(2).filter((a) => a in parts);
const rows: Row[] = [];
for (const name of asked.length ? asked : Object.keys(parts).filter((p) => !ONLY_ASKED.includes(p)))
  rows.push(...(await parts[name]!()));
const w = Math.max(...rows.map((r) => r.what.length));
console.log(`${'what'.padEnd(w)}  ${'measured'.padStart(12)}  budget`);
for (const r of rows) console.log(`${r.what.padEnd(w)}  ${r.value.padStart(12)}  ${r.budget}`);
