// A self-signed certificate for 127.0.0.1, made at run time for the benches and tests that run the wire with TLS on
// loopback. Node's crypto cannot write X.509 certificates, so the machine's openssl does it (a P-256 key: small,
// as a production ECDSA certificate is; a real chain adds an intermediate of about 1 KB per full handshake).
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CertFiles {
  cert: string;
  key: string;
  /**
   * Base64 SHA-256 of the certificate's public key, for Chromium's --ignore-certificate-errors-spki-list: the
   * certificate is then trusted as a real one would be. (--ignore-certificate-errors alone lets the page load but
   * keeps the error, and Chromium then caches nothing over it: every precache fetch and sw.js check goes out again.)
   */
  spki: string;
}

/** The certificate and its key, written in `dir` (a new temporary folder unless given: the caller removes it). */
export function selfSignedCert(dir = mkdtempSync(join(tmpdir(), 'quay-tls-'))): CertFiles {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const publicKey = new X509Certificate(readFileSync(cert)).publicKey.export({ type: 'spki', format: 'der' });
  return { cert, key, spki: createHash('sha256').update(publicKey).digest('base64') };
}
