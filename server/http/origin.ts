// Whether a browser says a request comes from a page of another site: its Origin header names a host that is not the
// one the request was made to. No Origin (a client that is not a browser, or a same-origin GET) says nothing.
export function foreignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
