// The worker's connection to the `quay` IndexedDB database (schema in src/core/db.ts) and its token store.
import { QuayDb } from '../src/core/db.ts';
import { TokenStore } from '../src/core/net/token.ts';

export const db = new QuayDb();
export const tokens = new TokenStore(db);
