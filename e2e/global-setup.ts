// Starts the real server once for all specs: a free port, a fresh data folder, the built dist/ (`npm run e2e` builds it).
// Tests find it in process.env.QUAY_E2E_URL; the returned function stops it and removes the folder.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromium } from './chromium.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromium();
  // DIST_DIR, as the server reads it: an engineer may test a build of their own beside another's dist/.
  const dist = process.env.DIST_DIR ?? join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} is not built: run \`npx vite build\` first (\`npm run e2e\` does it).`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quay-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, exited);
    await expectAppShell(baseUrl);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output || '(none)'}`);
  }
  process.env.QUAY_E2E_URL = baseUrl;
  return stop;
}

async function waitUntilHealthy(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`The server exited with code ${exitCode} before it was ready.`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${baseUrl}/healthz within ${READY_TIMEOUT_MS / 1000} s.`);
}

/** Every spec starts at `/`: fail once, clearly, when the server does not answer it with the built app shell. */
async function expectAppShell(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5_000) });
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('text/html')) {
    const body = (await res.text()).slice(0, 300);
    throw new Error(
      `GET / answered ${res.status} ${type} instead of the app shell (dist/index.html): ${body}`,
    );
  }
}
