// Where a browser says a request comes from: a page of another site, a page of this host, or nothing said (a client
// that is not a browser, an address typed or bookmarked, an older browser on a same-origin GET).
import type { IncomingHttpHeaders } from 'node:http';

/** Whether an Origin header names a host that is not the one the request was made to. No Origin says nothing. */
export function foreignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  return !sameHost(origin, host);
}

/**
 * Whether a URL (an Origin or a Referer) names the host the request was made to. The Host header is read with the
 * URL's scheme, so that `localhost:80` and `http://localhost` agree.
 */
function sameHost(url: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const from = new URL(url);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

export type RequestSite = 'same-origin' | 'foreign' | 'unsaid';

/**
 * Read in the order of trust: Sec-Fetch-Site (set by the browser, never by a page), then Origin, then Referer, which
 * older browsers send alone on a link or a form. Sec-Fetch-Site `none` (an address typed, a bookmark, a link from
 * another program) names no page of this host, so it proves nothing either way.
 */
export function requestSite(headers: IncomingHttpHeaders): RequestSite {
  const { origin, referer } = headers;
  // Over HTTP/2 the host is the :authority pseudo-header; there is no Host.
  const authority = headers[':authority'];
  const host = headers.host ?? (typeof authority === 'string' ? authority : undefined);
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    if (fetchSite === 'same-origin') return 'same-origin';
    return fetchSite === 'none' ? 'unsaid' : 'foreign';
  }
  const from = origin ?? referer;
  if (from === undefined) return 'unsaid';
  return sameHost(from, host) ? 'same-origin' : 'foreign';
}
