// The worker's connection to the `quay` IndexedDB database (schema in src/core/db.ts).
import { QuayDb } from '../src/core/db.ts';

export const db = new QuayDb();
