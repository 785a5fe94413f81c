// The day bench's figures from the packet capture (budgets.md#how-the-wire-is-counted): each window's share of the
// capture, the idle minute and the day composed from them, and the token renewals a day has at the real lifetime.
import type { Row } from './common.ts';
import type { WireFigures } from './capture.ts';
import { CATEGORIES } from './capture.ts';
import { bytes, kb } from './day-only.ts';
import type { Side, Window } from './day-side.ts';
import { FLEET_BROADBAND } from './link.ts';

/** A refresh call's packets on the browser's side: half a round trip before the server saw it, and after it answered. */
const SPAN_MARGIN_MS = 500;

/**
 * Stops the side's capture and gives each window its share, and the bytes around its refresh calls and 401s (their
 * spans at the server widened by half the round trip and a margin, merged where they overlap; probes apart). False
 * without a capture.
 */
export async function attachWire(side: Side, windows: Window[]): Promise<boolean> {
  if (!side.capture) return false;
  const wire = await side.capture.stop().catch((e: Error) => {
    side.captureNote = `the capture could not be read: ${e.message}`;
    return null;
  });
  if (!wire) return false;
  const oneWay = FLEET_BROADBAND.rttMs / 2 + SPAN_MARGIN_MS;
  for (const w of windows) {
    w.wire = wire.window(w.from, w.to);
    const spans = w.tls.refreshSpans
      .map((s) => ({ from: s.from - oneWay, to: s.to + oneWay }))
      .sort((a, b) => a.from - b.from);
    const merged: { from: number; to: number }[] = [];
    for (const s of spans) {
      const last = merged.at(-1);
      if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
      else merged.push(s);
    }
    w.wireRenewals = merged.reduce((sum, s) => {
      const f = wire.window(s.from, s.to);
      return sum + f.bytes - f.byCategory.probe.bytes - f.byCategory['probe-answer'].bytes;
    }, 0);
  }
  return true;
}

export interface WireDayInput {
  label: (what: string) => string;
  tls: boolean;
  install: Window;
  idle: Window;
  /** The day's events: how many a day, the windows measured, and their coast tiles' payload (counted once a day). */
  events: { what: string; count: number; windows: Window[] }[];
  tiles: (w: Window) => number;
  /** The coast tiles of the page openings, counted once in the day (payload), and those windows. */
  onceADay: number;
  pages: Window[];
  /** The estimate beside it: the idle minute and the day with IP/TCP (bench/link.ts). */
  estimated: { idlePerMin: number; day: number };
  openMinutes: number;
  realTokenTtlS: number;
  benchTokenTtlS: number;
}

/** A window on the capture less its token renewals at the bench's lifetime: the day puts in those of the real one. */
const wireOf = (w: Window) => (w.wire?.bytes ?? 0) - w.wireRenewals;

/** An event's cost on the capture: its window less the idle traffic of that time, less its coast tiles' share. */
function over(w: Window, idle: Window, tiles: (w: Window) => number): number {
  const total = w.up + w.down;
  const share = total ? (total - tiles(w)) / total : 1;
  return Math.max(0, wireOf(w) * share - (w.ms / idle.ms) * wireOf(idle));
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/**
 * Rows of the day from the capture. Every window is taken less its refresh calls and 401s (renewals at the bench's
 * short token lifetime, as often as it makes them); the day then puts in the renewals of the real lifetime: a
 * session's token is renewed once per lifetime, so a 10-hour day has openMinutes × 60 / realTokenTtlS of them (40 at
 * 900 s). Each costs what the bench's renewals cost on the capture on average: the refresh calls' and 401s' bytes
 * over all renewals seen, one handed out on a call's answer adding nothing (the call went anyway). The idle minute
 * carries them (40 over 600 minutes), and the day is that minute × openMinutes plus each event's count × its cost.
 */
export function wireRows(d: WireDayInput, note: string): Row[] {
  const level = d.tls ? 'over TLS' : 'over HTTP';
  const { idle, install } = d;
  if (!idle.wire || !install.wire)
    return [{ what: d.label(`THE DAY ${level} with IP/TCP, captured`), value: 'not captured', budget: note }];
  const idleMin = idle.ms / 60_000;
  // The renewals of the day's parts (the install's first token is no renewal).
  const parts = [idle, ...d.events.flatMap((e) => e.windows)];
  const seen = {
    refreshes: parts.reduce((s, w) => s + w.tls.refreshes, 0),
    answerRenewals: parts.reduce((s, w) => s + w.tls.answerRenewals, 0),
    socketRenewals: parts.reduce((s, w) => s + w.tls.socketRenewals, 0),
    unauthorized: parts.reduce((s, w) => s + w.tls.unauthorized, 0),
    bytes: parts.reduce((s, w) => s + w.wireRenewals, 0),
  };
  const renewalsSeen = seen.refreshes + seen.answerRenewals + seen.socketRenewals;
  const perRenewal = renewalsSeen ? seen.bytes / renewalsSeen : 0;
  const dayRenewals = (d.openMinutes * 60) / d.realTokenTtlS;
  const idlePerMin = wireOf(idle) / idleMin + (perRenewal * dayRenewals) / d.openMinutes;
  const costs = d.events.map((e) => ({ ...e, each: mean(e.windows.map((w) => over(w, idle, d.tiles))) }));
  const pagesPayload = d.pages.reduce((s, w) => s + w.up + w.down, 0);
  const pagesRatio = pagesPayload ? d.pages.reduce((s, w) => s + wireOf(w), 0) / pagesPayload : 1;
  const day =
    idlePerMin * d.openMinutes + costs.reduce((s, e) => s + e.count * e.each, 0) + d.onceADay * pagesRatio;
  const perMin = (f: WireFigures, c: (typeof CATEGORIES)[number]) =>
    `${c} ${(f.byCategory[c].packets / idleMin).toFixed(1)} (${bytes(f.byCategory[c].bytes / idleMin)})`;
  const dayBudget = d.tls ? '<= 300 KB over TLS with IP/TCP, on the capture' : '- (the budget is over TLS)';
  return [
    {
      what: d.label(`first install ${level} with IP/TCP: captured; estimated; connections opened`),
      value: `${kb(install.wire.bytes)}; ${kb(install.ipBytes)}; ${install.wire.opened}`,
      budget: '-',
    },
    {
      what: d.label(
        `idle per minute ${level} with IP/TCP (renewals at ${d.realTokenTtlS} s): captured; estimated; packets/min; keep-alive probes/min; connections held while idle (open in it)`,
      ),
      value: `${bytes(idlePerMin)}; ${bytes(d.estimated.idlePerMin)}; ${(idle.wire.packets / idleMin).toFixed(1)}; ${(idle.wire.probes / idleMin).toFixed(2)}; ${idle.wire.heldOpen} (${idle.wire.connections})`,
      budget: '<= 200 B/min with IP/TCP, on the capture',
    },
    {
      what: d.label('idle on the capture, per minute by kind: packets (bytes), as measured'),
      value: '',
      budget: CATEGORIES.filter((c) => idle.wire?.byCategory[c].packets)
        .map((c) => perMin(idle.wire as WireFigures, c))
        .join('; '),
    },
    {
      what: d.label(
        `token renewals in the day's parts at ${d.benchTokenTtlS} s: refresh calls, new tokens on answers, on the live connection's messages, 401s, their bytes captured; a 10-hour day at ${d.realTokenTtlS} s: renewals, each, in the day`,
      ),
      value: `${seen.refreshes}, ${seen.answerRenewals}, ${seen.socketRenewals}, ${seen.unauthorized}, ${bytes(seen.bytes)}; ${dayRenewals.toFixed(0)}, ${bytes(perRenewal)}, ${kb(perRenewal * dayRenewals)}`,
      budget: 'in the idle minute and the day',
    },
    {
      what: d.label('events on the capture, each over the idle traffic of its time'),
      value: '',
      budget: costs.map((e) => `${e.what} ${bytes(e.each)} ×${e.count}`).join('; '),
    },
    { what: d.label(`THE DAY ${level} with IP/TCP, captured`), value: kb(day), budget: dayBudget },
    {
      what: d.label(`THE DAY ${level} with IP/TCP, estimated`),
      value: kb(d.estimated.day),
      budget: 'the estimate: 40 B a packet, an ACK per two segments, no keep-alives',
    },
  ];
}
