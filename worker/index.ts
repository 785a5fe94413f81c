// The sync worker's entry: the API the window calls through Comlink (src/worker-bridge.ts); its type is derived from it.
import { expose } from 'comlink';
import { signOut, startSession } from './auth/session.ts';

const api = {
  startSession,
  signOut,
};

export type WorkerApi = typeof api;
export type { SessionStart } from './auth/session.ts';

expose(api);
