// Per-file setup: fake-indexeddb must be in place before Dexie is imported anywhere.
import 'fake-indexeddb/auto';
