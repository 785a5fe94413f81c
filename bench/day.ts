// `npm run bench -- day`: a vessel user's day on the FleetBroadband link (issue 13 Budgets): the app open 10 hours,
// 30 notifications arriving, 50 chat messages each way, 20 page openings, 5 reopenings, first install apart. Ten
// hours cannot run in real time: each part is measured for real in Chromium through bench/link.ts, and the day is
// composed from them (idle per minute × 600, each event's cost over the idle traffic of its window × its count).
// Variants (plain HTTP, TLS with HTTP/2, keep-alive) each get a fresh server and link, and alternate within rounds.
// Options: --variants=plain,tls,tls:ka=72,plain:dist=dist-old --idle-min=6 --samples=2 --token-ttl=120 --notification-wait-s=480
// --preload=1000 (notifications the user has before the install) --only=install (the first install alone, in a minute)
// --only=eta (after the install, an ETA change of the own vessel and the voyage opened again: the ETA history's cost)
// --only=share (after the install: Share and Add to calendar on the vessel page, what each costs on the link)
// --only=sailings (after the install: Port to port's first search and a later one, what each costs on the link)
// --only=alerts (the first install, then one alert of My alerts set and sent)
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import type { Row } from './common.ts';
import * as part from './day-parts.ts';
import { closeSide, openSide, type Side, type Variant, type Window } from './day-side.ts';
import { breakdown, bytes, kb, onlyRows } from './day-only.ts';
import { attachWire, wireRows } from './day-wire.ts';
import { FLEET_BROADBAND } from './link.ts';
import { selfSignedCert } from './tls-cert.ts';

/** The day of issue 13: what happens how often. */
const DAY = { openMinutes: 600, notifications: 30, chatUp: 50, chatDown: 50, pages: 20, reopenings: 5 };
/** The server's real token lifetime (TOKEN_TTL_S default): renewals in the day come this often. */
const REAL_TOKEN_TTL_S = 900;

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

/** "plain", "tls", "tls:ka=72" (keep-alive seconds), "plain:dist=dist-old" (another build of the app). */
function parseVariant(spec: string): Variant {
  const [kind = 'plain', ...opts] = spec.split(':');
  const value = (key: string) => opts.find((o) => o.startsWith(`${key}=`))?.slice(key.length + 1);
  const ka = value('ka');
  return {
    name: spec,
    tls: kind === 'tls',
    keepAliveS: ka ? Number(ka) : null,
    distDir: resolve(value('dist') ?? 'dist'),
  };
}

interface Cost {
  payload: number;
  ip: number;
  up: number;
  connections: number;
  ms: number | null;
}

/**
 * The map's fine coast tiles a window fetched: in the clear from the link's requests, through TLS as the server served
 * them. A tile is kept by the service worker for a year, so the day counts each once, not once per page opening
 * (`onceADay`).
 */
const isCoastTile = (e: { request: string }) => e.request.includes('/assets/coast/');
const coastBytes = (w: Window) =>
  w.exchanges.length > 0
    ? w.exchanges.filter(isCoastTile).reduce((s, e) => s + e.up + e.down, 0)
    : w.tls.coastBytes;

/** An event's own cost: its window less what the open app moves anyway in that time, and less its coast tiles. */
function over(w: Window, idle: Window): Cost {
  const f = w.ms / idle.ms;
  const tiles = coastBytes(w);
  const total = w.up + w.down;
  return {
    payload: Math.max(0, total - tiles - f * (idle.up + idle.down)),
    ip: Math.max(0, w.ipBytes * (total ? (total - tiles) / total : 1) - f * idle.ipBytes),
    up: Math.max(0, w.up - f * idle.up),
    connections: Math.max(0, w.connections - f * idle.connections),
    ms: w.shownMs,
  };
}

const mean = (cs: Cost[]): Cost => {
  const n = Math.max(1, cs.length);
  const shown = cs.map((c) => c.ms).filter((m): m is number => m !== null);
  return {
    payload: cs.reduce((s, c) => s + c.payload, 0) / n,
    ip: cs.reduce((s, c) => s + c.ip, 0) / n,
    up: cs.reduce((s, c) => s + c.up, 0) / n,
    connections: cs.reduce((s, c) => s + c.connections, 0) / n,
    ms: shown.length === cs.length && shown.length ? Math.max(...shown) : null,
  };
};

const isToken = (e: { request: string; status: number }) =>
  e.request.includes('/IBP_REFRESH.do') || e.status === 401;

interface Measured {
  side: Side;
  install: Window;
  idle: Window;
  notification: Window[];
  chatUp: Window[];
  chatDown: Window[];
  pages: Window[];
  reopenings: Window[];
}

const secs = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

function report(m: Measured, renewalCost: number | null, tokenTtlS: number): Row[] {
  const v = m.side.variant;
  const level = v.tls ? 'TLS' : 'HTTP';
  const idleMin = m.idle.ms / 60_000;
  const idleTotal = m.idle.up + m.idle.down;
  // Renewals came every bench TTL; the day has one every REAL_TOKEN_TTL_S.
  const renewals = m.idle.tls.refreshes;
  const perRenewal = renewalCost ?? 0;
  const realRenewalsPerMin = 60 / REAL_TOKEN_TTL_S;
  const idlePerMin = (idleTotal - renewals * perRenewal) / idleMin + perRenewal * realRenewalsPerMin;
  const ipRatio = idleTotal ? m.idle.ipBytes / idleTotal : 1;
  const idleIpPerMin = idlePerMin * ipRatio;
  const rate = m.idle;
  const n = mean(m.notification.map((w) => over(w, rate)));
  const up = mean(m.chatUp.map((w) => over(w, rate)));
  const down = mean(m.chatDown.map((w) => over(w, rate)));
  const page = mean(m.pages.map((w) => over(w, rate)));
  const reopen = mean(m.reopenings.map((w) => over(w, rate)));
  const events = [
    [DAY.notifications, n],
    [DAY.chatUp, up],
    [DAY.chatDown, down],
    [DAY.pages, page],
    [DAY.reopenings, reopen],
  ] as const;
  // The coast tiles the page openings fetched, once: the next opening of those views takes them from the device.
  const onceADay = m.pages.reduce((s, w) => s + coastBytes(w), 0);
  const pagesIpRatio = (() => {
    const total = m.pages.reduce((s, w) => s + w.up + w.down, 0);
    return total ? m.pages.reduce((s, w) => s + w.ipBytes, 0) / total : 1;
  })();
  const dayPayload =
    idlePerMin * DAY.openMinutes + events.reduce((s, [k, c]) => s + k * c.payload, 0) + onceADay;
  const dayIp =
    idleIpPerMin * DAY.openMinutes + events.reduce((s, [k, c]) => s + k * c.ip, 0) + onceADay * pagesIpRatio;
  const dayConnections =
    (m.idle.connections / idleMin) * DAY.openMinutes + events.reduce((s, [k, c]) => s + k * c.connections, 0);
  const row = (what: string, value: string, budget: string): Row => ({
    what: `[${v.name}] ${what}`,
    value,
    budget,
  });
  const ev = (what: string, c: Cost, budget: string) =>
    row(
      `${what}: ${level} level; with IP/TCP; up; connections; on screen`,
      `${bytes(c.payload)}; ${bytes(c.ip)}; ${bytes(c.up)} up; ${c.connections.toFixed(1)}; ${secs(c.ms)}`,
      budget,
    );
  const installIp = m.install.ipBytes;
  const rows: Row[] = [
    row(
      `first install (sign-on, app, precache, first sync): ${level} level; with IP/TCP; connections`,
      `${kb(m.install.up + m.install.down)}; ${kb(installIp)}; ${m.install.connections}`,
      '<= 300 KB compressed',
    ),
    row(
      `idle per minute (${idleMin.toFixed(1)} min measured, ${renewals} token renewals at the bench's TTL, day at ${REAL_TOKEN_TTL_S} s): ${level} level; with IP/TCP; packets/min; connections/min`,
      `${bytes(idlePerMin)}; ${bytes(idleIpPerMin)}; ${(m.idle.packets / idleMin).toFixed(1)}; ${(m.idle.connections / idleMin).toFixed(2)}`,
      '<= 1 KB/min (HTTP level)',
    ),
    ev(`one notification arriving (${m.notification.length})`, n, '<= 1.5 KB, on screen <= 10 s'),
    ev(`a ship's chat message after the first (${m.chatUp.length})`, up, '<= 150 B up'),
    ev(`a chat message from shore (${m.chatDown.length})`, down, '-'),
    ev(`a page opening (${m.pages.length}), its coast tiles apart`, page, '-'),
    row(
      `the map's coast tiles of those openings, counted once in the day (kept a year): ${level} level`,
      `${bytes(onceADay)}${v.tls ? ' (as the server served them)' : ''}`,
      '-',
    ),
    ev(`a reopening (${m.reopenings.length})`, reopen, '-'),
    row(
      `THE DAY: ${level} level; with IP/TCP; connections (handshakes)`,
      `${kb(dayPayload)}; ${kb(dayIp)}; ${dayConnections.toFixed(0)}`,
      v.tls ? 'IP/TCP estimated: the budget is on the capture, below' : '<= 200 KB at the HTTP level',
    ),
    ...wireRows(
      {
        label: (what) => `[${v.name}] ${what}`,
        tls: v.tls,
        install: m.install,
        idle: m.idle,
        events: [
          { what: 'notification', count: DAY.notifications, windows: m.notification },
          { what: 'chat up', count: DAY.chatUp, windows: m.chatUp },
          { what: 'chat down', count: DAY.chatDown, windows: m.chatDown },
          { what: 'page', count: DAY.pages, windows: m.pages },
          { what: 'reopening', count: DAY.reopenings, windows: m.reopenings },
        ],
        tiles: coastBytes,
        onceADay,
        pages: m.pages,
        estimated: { idlePerMin: idleIpPerMin, day: dayIp },
        openMinutes: DAY.openMinutes,
        realTokenTtlS: REAL_TOKEN_TTL_S,
        benchTokenTtlS: tokenTtlS,
      },
      m.side.captureNote,
    ),
  ];
  if (v.tls)
    rows.push(
      row(
        'TLS seen by the server in install; idle: handshakes (resumed), HTTP/2 sessions',
        `${m.install.tls.handshakes} (${m.install.tls.resumed}), ${m.install.tls.h2Sessions}; ${m.idle.tls.handshakes} (${m.idle.tls.resumed}), ${m.idle.tls.h2Sessions}`,
        '-',
      ),
    );
  else {
    rows.push(row('first install: where the bytes go', '', breakdown(m.install, 12)));
    rows.push(row('idle: where the bytes go', '', breakdown(m.idle)));
    const shown = (ws: Window[]) => ws.map((w) => breakdown(w, 5)).join(' | ');
    rows.push(row('a notification: where the bytes go', '', shown(m.notification)));
    rows.push(row('chat up: where the bytes go', '', shown(m.chatUp.slice(0, 1))));
    rows.push(row('a page opening: where the bytes go', '', shown(m.pages)));
    rows.push(row('a reopening: where the bytes go', '', shown(m.reopenings.slice(0, 1))));
  }
  return rows;
}

/** Per renewal: the refresh and any 401 it answered, in the clear (a plain variant's idle window). */
function renewalCost(ms: Measured[]): number | null {
  for (const m of ms) {
    if (m.side.variant.tls || m.idle.tls.refreshes === 0) continue;
    const b = m.idle.exchanges.filter(isToken).reduce((s, e) => s + e.up + e.down, 0);
    return b / m.idle.tls.refreshes;
  }
  return null;
}

export async function dayBench(): Promise<Row[]> {
  const executablePath = chromiumPath();
  const variants = option('variants', 'plain,tls').split(',').map(parseVariant);
  // Each variant's own build (`dist=`): dist/ need not be there when every variant names another.
  if (!variants.every((v) => existsSync(join(v.distDir, 'index.html'))) || !executablePath)
    return [{ what: 'day bench', value: 'not measured', budget: 'needs dist/ (npm run build) and Chromium' }];
  const idleMin = Number(option('idle-min', '6'));
  const samples = Number(option('samples', '2'));
  const tokenTtl = Number(option('token-ttl', '120'));
  const notificationWait = Number(option('notification-wait-s', '480')) * 1000;
  const cert = variants.some((v) => v.tls) ? selfSignedCert() : null;
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...(cert ? [`--ignore-certificate-errors-spki-list=${cert.spki}`] : [])],
  });
  const sides: Side[] = [];
  try {
    const preload = { usrId: part.USER, count: Number(option('preload', '1000')) };
    for (const v of variants) sides.push(await openSide(browser, v, cert, tokenTtl, preload));
    const each = async <T>(f: (s: Side) => Promise<T>) => {
      const out: T[] = [];
      for (const s of sides) out.push(await f(s));
      return out;
    };
    const log = (what: string) => console.error(`${new Date().toISOString().slice(11, 19)} day: ${what}`);
    log('first install');
    const installs = await each(part.install);
    if (option('only', '') === 'install') {
      for (const [i, s] of sides.entries()) await attachWire(s, installs.slice(i, i + 1));
      return installs.flatMap((w, i) => {
        const v = sides[i]?.variant;
        const rows: Row[] = [
          {
            what: `[${v?.name}] first install (sign-on, app, precache, first sync): ${v?.tls ? 'TLS' : 'HTTP'} level; with IP/TCP estimated; captured; connections`,
            value: `${kb(w.up + w.down)}; ${kb(w.ipBytes)}; ${w.wire ? kb(w.wire.bytes) : 'not captured'}; ${w.connections}`,
            budget: '<= 300 KB compressed',
          },
        ];
        if (!v?.tls)
          rows.push({ what: 'first install: where the bytes go', value: '', budget: breakdown(w, 20) });
        return rows;
      });
    }
    const only = await onlyRows(option('only', ''), sides, samples, log);
    if (only) return only;
    log(`idle ${idleMin} min`);
    const idles = await Promise.all(sides.map((s) => part.idle(s, idleMin)));
    const ms: Measured[] = sides.map((side, i) => ({
      side,
      install: installs[i] as Window,
      idle: idles[i] as Window,
      notification: [],
      chatUp: [],
      chatDown: [],
      pages: [],
      reopenings: [],
    }));
    await each(part.openNotifications);
    for (let r = 0; r < samples; r++) {
      log(`notification ${r + 1}`);
      const got = await Promise.all(sides.map((s) => part.notification(s, notificationWait)));
      got.forEach((w, i) => ms[i]?.notification.push(w));
    }
    await each(part.closeNotifications);
    log('chat');
    await each(part.openChat);
    const senders = await each(part.shoreSender);
    await each((s) => part.chatUp(s, 'First message of the day, not counted.'));
    for (let r = 0; r < samples; r++) {
      for (const [i, s] of sides.entries())
        ms[i]?.chatUp.push(await part.chatUp(s, `Ship ${r}: draft aft 12.1 m, ETA pilot 06:00 LT.`));
      for (const [i, s] of sides.entries())
        ms[i]?.chatDown.push(await part.chatDown(s, senders[i] ?? '', `Shore ${r}: berth 7 confirmed.`));
    }
    log('pages');
    for (const path of part.PAGES)
      for (const [i, s] of sides.entries()) ms[i]?.pages.push(await part.pageOpening(s, path));
    log('reopenings');
    for (let r = 0; r < samples; r++)
      for (const [i, s] of sides.entries()) ms[i]?.reopenings.push(await part.reopening(s));
    // The whole run of each variant was captured: each window takes its share.
    for (const m of ms) {
      const windows = [
        m.install,
        m.idle,
        ...m.notification,
        ...m.chatUp,
        ...m.chatDown,
        ...m.pages,
        ...m.reopenings,
      ];
      await attachWire(m.side, windows);
    }
    const cost = renewalCost(ms);
    const p = FLEET_BROADBAND;
    return [
      {
        what: `day on ${p.name} (${p.rttMs} ms, ${p.downKbit}/${p.upKbit} kbit/s); token TTL ${tokenTtl} s in the bench; ${preload.count} notifications added before the install`,
        value: '',
        budget: cost === null ? 'token renewals not separated' : `a token renewal: ${bytes(cost)} (plain)`,
      },
      ...ms.flatMap((m) => report(m, cost, tokenTtl)),
    ];
  } finally {
    for (const s of sides) await closeSide(s);
    await browser.close();
  }
}
