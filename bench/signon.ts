// Sign-on under a flood of wrong passwords: how long another, signed-on user waits for the notification list while
// 20 clients keep posting wrong passwords to /sso/login. Two floods: known users from one address (the attempt
// limiter answers 429 after 5 failures per user, 30 per address), and unknown user IDs spread over many addresses
// (X-Forwarded-For, as if from many ships behind a trusted proxy), which the limiter does not stop: every attempt is
// hashed, and only hashing off the event loop, a few at a time, keeps others served. Then whom the limits lock out.
import { pct, token, type Row } from './common.ts';
import { withServer } from './server.ts';

const FLOODERS = 20;
const FLOOD_MS = 8_000;
/** Demo users other than the one whose calls are timed. */
const KNOWN = ['agent', 'vessel2', 'operator', 'viewer', 'staff', 'agent.sha', 'agent.rtm'];

interface Figures {
  p50: number;
  p99: number;
  calls: number;
  attempts: number;
  limited: number;
}

async function underFlood(url: string, tok: string, flood: ((i: number, n: number) => RequestInit) | null) {
  const list = `${url}/api/v2/app/notification/user/list`;
  const headers = { 'x-auth-token': tok };
  let stop = false;
  let attempts = 0;
  let limited = 0;
  const flooders = flood
    ? Array.from({ length: FLOODERS }, async (_, i) => {
        for (let n = 0; !stop; n++) {
          const res = await fetch(`${url}/sso/login`, { ...flood(i, n), redirect: 'manual' });
          await res.arrayBuffer();
          attempts++;
          if (res.status === 429) limited++;
        }
      })
    : [];
  const times: number[] = [];
  const until = performance.now() + FLOOD_MS;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(list, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  stop = true;
  await Promise.all(flooders);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    calls: times.length,
    attempts,
    limited,
  } satisfies Figures;
}

const wrong = (usrId: string, address?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
  body: JSON.stringify({ usrId, password: 'not-the-password' }),
});

/** Cookies a browser would send to the sign-on form: of the Set-Cookie headers, those whose Path covers it. */
function cookiesForSignOn(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => ({ pair: c.split(';')[0] ?? '', path: /;\s*path=([^;]*)/i.exec(c)?.[1] ?? '/' }))
    .filter(({ pair, path }) => !pair.endsWith('=') && '/sso/login'.startsWith(path))
    .map(({ pair }) => pair)
    .join('; ');
}

const signOnAs = (url: string, usrId: string, password: string, address: string, cookie = '') =>
  fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ usrId, password }),
    redirect: 'manual',
  });

/** What a sign-on answered and how long it took. */
const outcome = (res: Response, t0: number) =>
  `${res.status === 303 ? 'signed on' : `refused, ${res.status}`} in ${(performance.now() - t0).toFixed(0)} ms`;

/** One sign-on with the right password, timed: what it answered and how long it took. */
async function timedSignOn(url: string, usrId: string, address: string, cookie = ''): Promise<string> {
  const t0 = performance.now();
  const res = await signOnAs(url, usrId, 'demo', address, cookie);
  await res.arrayBuffer();
  return outcome(res, t0);
}

interface Flood {
  sent: number;
  limited: number;
}

/** Runs `attempt` from `clients` loops until `during` settles; returns how many were answered and how many 429. */
async function flooding(
  clients: number,
  attempt: (i: number, n: number) => Promise<Response>,
  during: (flood: Flood) => Promise<void>,
): Promise<string> {
  let stop = false;
  const flood: Flood = { sent: 0, limited: 0 };
  const loops = Array.from({ length: clients }, async (_, i) => {
    for (let n = 0; !stop; n++) {
      const res = await attempt(i, n);
      await res.arrayBuffer();
      flood.sent++;
      if (res.status === 429) flood.limited++;
    }
  });
  try {
    await during(flood);
  } finally {
    stop = true;
    await Promise.all(loops);
  }
  return `${flood.sent} / ${flood.limited}`;
}

/** Until the flood has gone on long enough to meet its limits (or a minute passed, on a very slow machine). */
async function untilFlooded(flood: Flood, enough: (f: Flood) => boolean): Promise<void> {
  const until = performance.now() + 60_000;
  while (!enough(flood) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Who the limits lock out. (a) The owner's device, which signed on before from its own address, signs on while 20
 * clients from many addresses post wrong passwords for its user ID; a client without that device's cookie tries too.
 * (b) A crew member signs on from the ship's one address while another crew member's device, from the same address,
 * keeps posting wrong passwords over ten user IDs.
 */
async function lockoutBench(): Promise<Row[]> {
  const rows: Row[] = [];
  rows.push(
    ...(await withServer(async (url) => {
      const owner = '198.51.100.10';
      const t0 = performance.now();
      const earlier = await signOnAs(url, 'agent', 'demo', owner);
      await earlier.arrayBuffer();
      const before = outcome(earlier, t0);
      const cookie = cookiesForSignOn(earlier);
      let own = '';
      let untrusted = '';
      const answered = await flooding(
        FLOODERS,
        (i, n) => signOnAs(url, 'agent', 'not-the-password', `10.${i}.${(n >> 8) & 255}.${n & 255}`),
        // The user ID's untrusted clients are locked: 429s come back.
        async (flood) => {
          await untilFlooded(flood, (f) => f.limited >= 100);
          own = await timedSignOn(url, 'agent', owner, cookie);
          untrusted = await timedSignOn(url, 'agent', '198.51.100.11');
        },
      );
      return [
        { what: `(a) the owner's device signs on, before any flood`, value: before, budget: '-' },
        {
          what: `(a) flood of wrong passwords for the owner's user ID: attempts / 429`,
          value: answered,
          budget: '-',
        },
        { what: `(a) the owner's device, signed on before, signs on during it`, value: own, budget: '-' },
        {
          what: `(a) a client without the owner's device cookie, right password`,
          value: untrusted,
          budget: '-',
        },
      ];
    })),
  );
  rows.push(
    ...(await withServer(async (url) => {
      const ship = '203.0.113.5';
      let second = '';
      const answered = await flooding(
        4,
        (_i, n) => signOnAs(url, `crew-${n % 10}`, 'not-the-password', ship),
        // Ten user IDs at five failures each: every limit that this flood can meet is met.
        async (flood) => {
          await untilFlooded(flood, (f) => f.sent >= 60);
          second = await timedSignOn(url, 'viewer', ship);
        },
      );
      return [
        {
          what: `(b) one crew member's wrong passwords, 10 user IDs, ship's address: attempts / 429`,
          value: answered,
          budget: '-',
        },
        {
          what: `(b) a second crew member, same address, no device cookie, signs on`,
          value: second,
          budget: '-',
        },
      ];
    })),
  );
  return rows;
}

export async function signOnBench(): Promise<Row[]> {
  const floods = await withServer(async (url) => {
    const tok = await token(url, 'vessel');
    const rows: Row[] = [];
    const show = (what: string, f: Figures) => {
      rows.push({
        what: `${what}: another user's list, p50 / p99 (${f.calls} calls)`,
        value: `${f.p50.toFixed(1)} / ${f.p99.toFixed(0)} ms`,
        budget: '-',
      });
      if (f.attempts)
        rows.push({
          what: `${what}: sign-on attempts answered / of them 429`,
          value: `${f.attempts} / ${f.limited}`,
          budget: '-',
        });
    };
    show('no flood', await underFlood(url, tok, null));
    show(
      `${FLOODERS} flooders, known users, one address`,
      await underFlood(url, tok, (i) => wrong(KNOWN[i % KNOWN.length]!)),
    );
    show(
      `${FLOODERS} flooders, unknown users, many addresses`,
      await underFlood(url, tok, (i, n) => wrong(`nobody-${i}-${n}`, `10.${i}.${(n >> 8) & 255}.${n & 255}`)),
    );
    return rows;
  });
  return [...floods, ...(await lockoutBench())];
}
