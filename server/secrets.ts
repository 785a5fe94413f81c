// The token signing key and the VAPID key pair for Web Push: from the environment when set; otherwise made once and
// kept, in the data folder with the embedded database, or in the database itself with DATABASE_URL, so that every
// instance on one database signs and pushes with the same keys.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import webpush from 'web-push';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';

export interface Secrets {
  tokenSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

function generate(): Secrets {
  const vapid = webpush.generateVAPIDKeys();
  return {
    tokenSecret: randomBytes(32).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
}

async function readFileSecrets(file: string): Promise<Secrets | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } catch {
    return null;
  }
}

/** The data folder's keys, made on first use. */
async function fromDataDir(dataDir: string | null): Promise<Secrets> {
  if (!dataDir) return generate();
  const file = `${dataDir}/secrets.json`;
  const kept = await readFileSecrets(file);
  if (kept) return kept;
  const secrets = generate();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * The database's keys: the first instance's proposal wins (INSERT … ON CONFLICT DO NOTHING is atomic, so instances
 * starting together agree), and every instance reads the one row. A server that kept its keys in the data folder
 * before it moved to PostgreSQL proposes those, so tokens and push subscriptions made with them stay good.
 */
async function fromDatabase(db: Db, dataDir: string | null): Promise<Secrets> {
  const proposal = (dataDir && (await readFileSecrets(`${dataDir}/secrets.json`))) || generate();
  await db.query(
    `INSERT INTO server_secrets (id, token_secret, vapid_public_key, vapid_private_key) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO NOTHING`,
    [proposal.tokenSecret, proposal.vapidPublicKey, proposal.vapidPrivateKey],
  );
  const [row] = await db.query<{ token_secret: string; vapid_public_key: string; vapid_private_key: string }>(
    'SELECT token_secret, vapid_public_key, vapid_private_key FROM server_secrets WHERE id = 1',
  );
  if (!row) throw new Error('server_secrets has no row after it was written');
  return {
    tokenSecret: row.token_secret,
    vapidPublicKey: row.vapid_public_key,
    vapidPrivateKey: row.vapid_private_key,
  };
}

/** What the server signs and pushes with: the environment's keys first, then the kept ones. */
export async function loadSecrets(
  config: Pick<Config, 'dataDir' | 'tokenSecret' | 'vapidPublicKey' | 'vapidPrivateKey'>,
  db?: Db,
): Promise<Secrets> {
  const kept =
    db?.kind === 'postgres' ? await fromDatabase(db, config.dataDir) : await fromDataDir(config.dataDir);
  const vapid =
    config.vapidPublicKey && config.vapidPrivateKey
      ? { vapidPublicKey: config.vapidPublicKey, vapidPrivateKey: config.vapidPrivateKey }
      : {};
  return { ...kept, ...(config.tokenSecret ? { tokenSecret: config.tokenSecret } : {}), ...vapid };
}
