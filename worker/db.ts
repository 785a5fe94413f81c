// The worker's connection to the `quay` IndexedDB database (schema in src/device/db.ts) and its token store.
import { QuayDb } from '../src/device/db.ts';
import { TokenStore } from '../src/device/net/token.ts';

export const db = new QuayDb();
export const tokens = new TokenStore(db);
