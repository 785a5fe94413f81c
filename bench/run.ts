// `npm run bench`: prints figures against the budgets of DESIGN.md §9. Nothing here fails on a slow machine.
import type { Row } from './common.ts';
import { serverBench } from './server.ts';
import { bundleBench } from './bundle.ts';

const rows: Row[] = [...bundleBench(), ...(await serverBench())];
const w = Math.max(...rows.map((r) => r.what.length));
console.log(`${'what'.padEnd(w)}  ${'measured'.padStart(12)}  budget`);
for (const r of rows) console.log(`${r.what.padEnd(w)}  ${r.value.padStart(12)}  ${r.budget}`);
