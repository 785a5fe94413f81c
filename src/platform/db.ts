// The window's connection to the `quay` database (schema in core/db.ts). Views read it with useLiveQuery; only the
// worker writes. When another tab upgrades the schema this page closes its connection and reloads, so that old
// code never runs on a new schema (Dexie would otherwise reopen silently, traps.md).
import { QuayDb } from '../device/db.ts';
import { toast } from '../ui/toast-store.ts';

export const db = new QuayDb();

const RELOADED_KEY = 'quay:reloaded-for-db-version';
let reloading = false;
let blockedShown = false;

function reloadedFor(version: string): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) === version;
  } catch {
    return false;
  }
}

function rememberReload(version: string): void {
  try {
    sessionStorage.setItem(RELOADED_KEY, version);
  } catch {
    // Storage blocked: the in-page flag still keeps it to one reload.
  }
}

db.on('versionchange', (event) => {
  // A newer version number, or none when the database is being deleted.
  const version = String(event.newVersion ?? 'deleted');
  if (reloading || reloadedFor(version)) {
    // Reloaded for this version already: let the upgrade go on, keep the page usable, and let the user decide.
    db.close({ disableAutoOpen: false });
    toast.info('Quay was updated in another tab. Reload this page to go on.');
    return false;
  }
  // Close at once and for good (the upgrade in the other tab waits for every connection), then reload once.
  db.close({ disableAutoOpen: true });
  reloading = true;
  rememberReload(version);
  location.reload();
  // Dexie's own handler would close with auto-reopen on: the old code would run on the new schema.
  return false;
});

db.on('blocked', () => {
  // Our upgrade waits for a tab that still holds the old version open (it closes once it sees the upgrade).
  if (blockedShown) return;
  blockedShown = true;
  toast.info(
    'Quay is open in another tab with an older version. Close or reload that tab to finish updating.',
  );
});
