// A sign-on session for worker code running in Node: signs a demo user on through the sign-on form and points the
// HTTP client at the test server with that session's cookie. Every request passes through `seen` first, then through
// `via`: the test's link, which may fail it, answer it instead of the server, or look at what the server answered.
import { configureHttp } from '../../src/device/net/http.ts';

/** One request on its way to the server. */
interface SessionRequest {
  target: URL;
  init: RequestInit | undefined;
  /** The headers it is sent with: the caller's and the session cookie; set more here before `send`. */
  headers: Headers;
}

/** A test's link between the client and the server: `send()` asks the server with `request.headers`. */
export type Via = (request: SessionRequest, send: () => Promise<Response>) => Promise<Response>;

export interface SessionLink {
  /** Told the path of every request, before anything else. */
  seen?: (path: string) => void;
  via?: Via;
}

/** Signs `usrId` on with the demo password, as a browser's form does; returns the session id (quay_sid). */
export async function signOnSid(url: string, usrId: string): Promise<string> {
  const login = await fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId, password: 'demo' }),
    redirect: 'manual',
  });
  const sid = /quay_sid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
  if (!sid) throw new Error(`sign-on of ${usrId} failed: ${login.status}`);
  return sid;
}

/** Signs `usrId` on and sends the HTTP client's requests to `url` with that session's cookie; returns the sid. */
export async function signOnHttp(
  url: string,
  usrId: string,
  link: SessionLink | SessionLink['seen'] = {},
): Promise<string> {
  const sid = await signOnSid(url, usrId);
  const { seen, via } = typeof link === 'function' ? { seen: link, via: undefined } : link;
  configureHttp({
    base: url,
    fetch: async (input, init) => {
      const target = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      seen?.(target.pathname);
      const headers = new Headers(init?.headers);
      headers.set('cookie', `quay_sid=${sid}`);
      const send = () => fetch(input, { ...init, headers });
      return via ? via({ target, init, headers }, send) : send();
    },
  });
  return sid;
}

/** A fetch that carries the session cookie `sid()`, and fails as a dropped link does while `down()` says so. */
export function cookieFetch(sid: () => string, down: () => boolean): typeof fetch {
  return async (input, init) => {
    if (down()) throw new TypeError('fetch failed');
    const headers = new Headers(init?.headers);
    headers.set('cookie', `quay_sid=${sid()}`);
    return fetch(input, { ...init, headers });
  };
}
