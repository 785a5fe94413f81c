// Keys made once and kept in the data folder: the token signing key and the VAPID key pair for Web Push.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import webpush from 'web-push';

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

export async function loadSecrets(dataDir: string | null): Promise<Secrets> {
  if (!dataDir) return generate();
  const file = `${dataDir}/secrets.json`;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } catch {
    const secrets = generate();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}
