// `npm run check:bundle` (part of `npm test`): fails when the window's first-page JavaScript or the sync worker's
// exceeds its budget of budgets.md#current-budgets, compressed as served; prints both figures either way.
import { kb, measureBundle, WINDOW_BUDGET, WORKER_BUDGET } from './bundle.ts';

const m = measureBundle();
if (!m) {
  console.error('dist/ is not built: run `npm run build` first.');
  process.exit(1);
}
const lines = [
  {
    what: 'window JS for the first page',
    bytes: m.windowBytes,
    budget: WINDOW_BUDGET,
    files: m.firstPageFiles,
  },
  { what: 'sync worker JS', bytes: m.workerBytes, budget: WORKER_BUDGET, files: m.workerFiles },
];
let over = false;
for (const l of lines) {
  const ok = l.files > 0 && l.bytes <= l.budget;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${l.what} (${l.files} files, gzip): ${kb(l.bytes)} of ${kb(l.budget)}`,
  );
}
if (over) {
  console.error('A bundle is over its budget (budgets.md#current-budgets), or was not found.');
  process.exit(1);
}
