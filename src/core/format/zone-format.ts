// One Intl.DateTimeFormat per time zone and set of options, kept: making one is the slow part of showing a time in a
// port's own zone, and the app and the server's DCSA answers show many. The browser's (or Node's) Intl does the zone
// arithmetic, so no time zone data ships with the app.

const kept = new Map<string, Intl.DateTimeFormat | null>();

/** The formatter for times in `tz`; null for a zone this runtime does not know (nothing wrong is then shown). */
export function zoneFormat(tz: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${tz} ${JSON.stringify(options)}`;
  let f = kept.get(key);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: tz });
    } catch {
      f = null;
    }
    kept.set(key, f);
  }
  return f;
}
