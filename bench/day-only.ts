// The day bench's one-off modes (bench/day.ts --only=share|alerts|eta|sailings): one action after the first install,
// what it costs on the link; and the print helpers the day's rows share.
import type { Row } from './common.ts';
import * as part from './day-parts.ts';
import type { Side, Window } from './day-side.ts';

export const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
export const bytes = (b: number) => (b < 2048 ? `${b.toFixed(0)} B` : kb(b));

/** Requests of a window grouped by path (plain HTTP only), biggest first: where the bytes go. */
export function breakdown(w: Window, top = 8): string {
  const by = new Map<string, { n: number; b: number }>();
  for (const e of w.exchanges) {
    const key = `${e.request.split('?')[0]}${e.status ? ` ${e.status}` : ''}`;
    const g = by.get(key) ?? { n: 0, b: 0 };
    g.n++;
    g.b += e.up + e.down;
    by.set(key, g);
  }
  return [...by]
    .sort((a, b) => b[1].b - a[1].b)
    .slice(0, top)
    .map(([k, g]) => `${k} ×${g.n} ${bytes(g.b)}`)
    .join('; ');
}

/** The rows of a one-off mode, or null when `only` names none of them (the day, or the install alone). */
export async function onlyRows(
  only: string,
  sides: Side[],
  samples: number,
  log: (what: string) => void,
): Promise<Row[] | null> {
  const each = async <T>(f: (s: Side) => Promise<T>) => {
    const out: T[] = [];
    for (const s of sides) out.push(await f(s));
    return out;
  };
  // Share and My calendar (issue 17): nothing of them is pulled in a day; the feed's secret is asked once.
  if (only === 'share') {
    const rows: Row[] = [];
    for (const s of sides) {
      await s.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      for (const [what, which] of [
        ['Add to calendar, first time (the secret asked)', 'calendar'],
        ['Add to calendar again (from the device)', 'calendar'],
        ['Share (address copied)', 'share'],
      ] as const) {
        const w = await part.shareAndCalendar(s, which);
        rows.push({
          what: `[${s.variant.name}] ${what}: ${s.variant.tls ? 'TLS' : 'HTTP'} level`,
          value: bytes(w.up + w.down),
          budget: breakdown(w, 4) || 'nothing on the link',
        });
      }
    }
    return rows;
  }
  if (only === 'alerts') {
    log('an alert set');
    const set = await each(part.alertRule);
    return set.map((w, i) => ({
      what: `[${sides[i]?.variant.name}] My alerts: one alert set and sent (${sides[i]?.variant.tls ? 'TLS' : 'HTTP'} level; with IP/TCP)`,
      value: `${bytes(w.up + w.down)} (${bytes(w.up)} up); ${bytes(w.ipBytes)}`,
      budget: 'once per alert, nothing on a day without a change',
    }));
  }
  // How the ETA slid (issue 17): an ETA change of the own vessel, then the voyage opened again.
  if (only === 'eta') {
    const rows: Row[] = [];
    for (let r = 0; r < samples; r++)
      for (const s of sides) {
        const w = await part.etaSlid(s);
        rows.push({
          what: `[${s.variant.name}] an ETA change, then the voyage opened: ${s.variant.tls ? 'TLS' : 'HTTP'} level`,
          value: bytes(w.up + w.down),
          budget: breakdown(w, 4) || 'nothing on the link',
        });
      }
    return rows;
  }
  // Port to port (issue 17): nothing of it is pulled in a day; its first search brings its code and the schedules.
  if (only === 'sailings') {
    const rows: Row[] = [];
    for (const s of sides)
      for (const [what, from, to] of [
        ['Port to port, first search (code and schedules kept)', 'SGSIN', 'NLRTM'],
        ['Port to port, another search', 'NLRTM', 'SGSIN'],
      ] as const) {
        const w = await part.portToPort(s, from, to);
        rows.push({
          what: `[${s.variant.name}] ${what}: ${s.variant.tls ? 'TLS' : 'HTTP'} level`,
          value: bytes(w.up + w.down),
          budget: breakdown(w, 6) || 'nothing on the link',
        });
      }
    return rows;
  }
  return null;
}
