// The part of http_ece (Encrypted Content-Encoding, RFC 8188; a dependency of web-push) the push tests use
// to decrypt what the server sends, as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair (the browser's p256dh). */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    keyid?: string;
    salt?: string | Buffer;
    rs?: number;
  }

  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
