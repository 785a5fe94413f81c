// Sign-on under a flood of wrong passwords: how long another, signed-on user waits for the notification list while
// 20 clients keep posting wrong passwords to /sso/login. Two floods: known users from one address (the attempt
// limiter answers 429 after 5 failures per user, 30 per address), and unknown user IDs spread over many addresses
// (X-Forwarded-For, as if from many ships behind a trusted proxy), which the limiter does not stop: every attempt is
// hashed, and only hashing off the event loop, a few at a time, keeps others served.
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

export async function signOnBench(): Promise<Row[]> {
  return withServer(async (url) => {
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
}
