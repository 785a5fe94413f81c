// A sign-on session for worker code running in Node: signs a demo user on through the sign-on form and points the
// HTTP client at the test server with that session's cookie; every request passes through `seen` first.
import { configureHttp } from '../../src/core/net/http.ts';

export async function signOnHttp(url: string, usrId: string, seen?: (path: string) => void): Promise<string> {
  const login = await fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId, password: 'demo' }),
    redirect: 'manual',
  });
  const sid = /quay_sid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
  if (!sid) throw new Error(`sign-on of ${usrId} failed: ${login.status}`);
  configureHttp({
    base: url,
    fetch: async (input, init) => {
      seen?.(new URL(String(input)).pathname);
      const headers = new Headers(init?.headers);
      headers.set('cookie', `quay_sid=${sid}`);
      return fetch(input, { ...init, headers });
    },
  });
  return sid;
}
