// `npm run check:bundle` (part of `npm test`): fails when the window's first-page JavaScript or the sync worker's
// exceeds its budget of budgets.md#current-budgets, compressed as served, or the first install's precache its files or
// bytes (bench/bundle.ts); prints every figure either way.
import {
  kb,
  measureBundle,
  measurePrecache,
  PRECACHE_BUDGET,
  PRECACHE_FILES_BUDGET,
  WINDOW_BUDGET,
  WORKER_BUDGET,
} from './bundle.ts';

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
const precache = measurePrecache();
const precacheOk =
  precache !== null && precache.files <= PRECACHE_FILES_BUDGET && precache.served <= PRECACHE_BUDGET;
over ||= !precacheOk;
console.log(
  `${precacheOk ? 'ok  ' : 'OVER'} the first install's precache (${precache?.files ?? 0} files of ${PRECACHE_FILES_BUDGET}, as served): ${kb(precache?.served ?? 0)} of ${kb(PRECACHE_BUDGET)}`,
);
if (over) {
  console.error('A bundle is over its budget (budgets.md#current-budgets), or was not found.');
  process.exit(1);
}
