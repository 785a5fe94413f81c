// The keys the server signs and pushes with: from the environment when set (every instance the same), checked at
// start with a plain message, else made once and kept.
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { loadSecrets } from '../server/secrets.ts';

describe('secrets from the environment', () => {
  it('takes the VAPID key pair and the token key from the environment', async () => {
    const vapid = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: ':memory:',
      TOKEN_SECRET: 'shared-token-key',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    expect(await loadSecrets(config)).toEqual({
      tokenSecret: 'shared-token-key',
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
    });
  });

  it('refuses half a key pair or a key that is not one, saying what is wrong', () => {
    const vapid = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: vapid.privateKey, VAPID_PRIVATE_KEY: vapid.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY must be a P-256 public key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: 'not a key!' })).toThrow(
      /VAPID_PRIVATE_KEY must be a P-256 private key/,
    );
  });
});
