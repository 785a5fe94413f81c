// What the bench scripts share: a printed row, a percentile, a signed-on user's session and token, a server up.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Row {
  what: string;
  value: string;
  budget: string;
}

export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Signs `usrId` on as the sign-on form does: the session cookie (`name=value`) and a token made from it. */
export async function signOnSession(url: string, usrId: string): Promise<{ cookie: string; token: string }> {
  const login = await fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId, password: 'demo' }),
    redirect: 'manual',
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const res = (await (await fetch(`${url}/IBP_REFRESH.do`, { headers: { cookie } })).json()) as {
    token: string;
  };
  return { cookie, token: res.token };
}

export async function token(url: string, usrId: string): Promise<string> {
  return (await signOnSession(url, usrId)).token;
}

/** Waits until a server started as a child answers /healthz; throws if it exits first. */
export async function untilUp(child: ChildProcess, url: string): Promise<void> {
  for (let up = false; !up;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
}

/** A loopback port nobody listens on now, for a server the bench starts. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
