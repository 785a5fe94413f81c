// A device as the app has it right after sign-on, for the integration tests: a fresh local database (fake-indexeddb)
// holding the signed-on user, its API client and the worker's commands, which drain only when the test says.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../../src/device/db.ts';
import { ApiClient } from '../../src/device/net/api-client.ts';
import { checkLoggedUser } from '../../src/device/net/checks.ts';
import { TokenStore } from '../../src/device/net/token.ts';
import { createCommands, type CommandDeps, type Commands } from '../../worker/commands/commands.ts';
import type { TestServer } from './server.ts';

export interface Device {
  /** The device's IndexedDB, for a second connection to the same database (the service worker's). */
  factory: IDBFactory;
  db: QuayDb;
  tokens: TokenStore;
  client: ApiClient;
  cmd: Commands;
}

/** `usrId`'s device; `commands` replaces the commands' default no-op drain trigger or adds to it. */
export async function openDevice(
  s: TestServer,
  usrId = 'vessel',
  commands: Omit<CommandDeps, 'db' | 'client'> = {},
): Promise<Device> {
  const factory = new IDBFactory();
  const db = new QuayDb({ indexedDB: factory, IDBKeyRange });
  const tokens = new TokenStore(db);
  const client = new ApiClient(tokens);
  const cmd = createCommands({ db, client, triggerDrain: () => undefined, ...commands });
  const user = checkLoggedUser((await s.call('GET', '/api/v2/app/common/logged-user', { as: usrId })).json());
  if (!user) throw new Error(`no user ${usrId}`);
  await db.setMeta('user', user);
  return { factory, db, tokens, client, cmd };
}
