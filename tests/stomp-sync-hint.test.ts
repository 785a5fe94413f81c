// The sync hint on STOMP /topic/sync-hint (docs/sync.md) against the real server on a loopback port: each connection
// hears only its own user's hints; a small one-step change carries its pull (a device at `from` asks nothing); a large
// one only says that a pull has something; a vessel user without chat gets hints too; the heart-beat offer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { frame, hintListener, type Peer, type InFrame } from './helpers/stomp-peer.ts';
import {
  SYNC_HINT_TOPIC,
  SYNC_PULL_PATH,
  type PullResponse,
  type SyncHint,
} from '../src/core/contract/sync.ts';

let s: TestServer;
let url = '';
const peers: Peer[] = [];

beforeAll(async () => {
  s = await startTestServer();
  url = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
});

afterEach(() => {
  for (const p of peers.splice(0)) p.close();
});

afterAll(async () => {
  await s?.close();
});

const listening = async (as: string, heartBeat = '0,0'): Promise<Peer> =>
  hintListener(url, await s.token(as), peers, heartBeat);

let syncs = 0;
/** Every hint of what has committed so far has been written to these peers (a later RECEIPT comes behind it). */
async function settled(...list: Peer[]): Promise<void> {
  await s.app.ctx.sync.hints?.settled();
  await Promise.all(
    list.map((p) => {
      const receipt = `sync-${++syncs}`;
      p.send(frame('ACK', { id: 'sync', receipt }));
      return p.receipt(receipt);
    }),
  );
}

const hints = (peer: Peer, from = 0): { hint: SyncHint; frame: InFrame }[] =>
  peer
    .messages(SYNC_HINT_TOPIC)
    .slice(from)
    .map((f) => ({ hint: JSON.parse(f.body) as SyncHint, frame: f }));

/** A device's first pull to its end: the last page (its cursor and version). */
async function cursorOf(as: string): Promise<PullResponse> {
  let cursor: string | null = null;
  for (;;) {
    const page: PullResponse = (
      await s.call('POST', SYNC_PULL_PATH, { as, body: { cursor, limit: 1000 } })
    ).json<PullResponse>();
    if (!page.more) return page;
    cursor = page.cursor;
  }
}

const inject = async (usrId: string, count = 1): Promise<number[]> => {
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N002', count } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notSeqs: number[] }>().notSeqs;
};

describe('/topic/sync-hint', () => {
  it("delivers each user's hints to that user's connections only, with the pull of a small one-step change", async () => {
    const phone = await listening('vessel');
    const tablet = await listening('vessel');
    const other = await listening('staff');
    await settled(phone, tablet, other);
    const before = { phone: hints(phone).length, tablet: hints(tablet).length, other: hints(other).length };
    const device = await cursorOf('vessel');

    const [notSeq] = await inject('vessel');
    await settled(phone, tablet, other);
    const got = hints(phone, before.phone);
    expect(got).toHaveLength(1);
    expect(hints(tablet, before.tablet)).toHaveLength(1);
    expect(hints(other, before.other)).toHaveLength(0);
    const hint = got[0]?.hint;
    expect(hint?.k).toEqual(['notifications']);
    expect(hint?.v).toBe(device.version + 1);
    expect(hint?.from).toBe(device.version);
    expect(hint?.pull?.notifications?.map((n) => n.notSeq)).toEqual([notSeq]);
    expect(hint?.pull?.details?.[0]?.notSeq).toBe(notSeq);
    expect(hint?.pull?.version).toBe(hint?.v);
    // The device at `from` applies it and continues from its cursor: nothing more to pull.
    const next = await s.call('POST', SYNC_PULL_PATH, { as: 'vessel', body: { cursor: hint?.pull?.cursor } });
    expect(next.json<PullResponse>()).toMatchObject({ more: false, reset: false, version: hint?.v });
    expect(next.json<PullResponse>().notifications).toBeUndefined();
    console.log(
      `sync hint: one new notification ${got[0]?.frame.size ?? 0} B as a STOMP frame, ${got[0]?.frame.wireBytes ?? 0} B on the wire`,
    );
  });

  it('only says a pull has something when the change is large (no inline pull)', async () => {
    const phone = await listening('operator');
    await settled(phone);
    const from = hints(phone).length;
    const device = await cursorOf('operator');
    await inject('operator', 40);
    await settled(phone);
    const got = hints(phone, from);
    expect(got).toHaveLength(1);
    expect(got[0]?.hint).toEqual({ v: device.version + 40, k: ['notifications'] });
    expect(got[0]?.frame.size).toBeLessThan(200);
  });

  it('hints a read, a switch and chat to the user who made them (the other devices pull)', async () => {
    const phone = await listening('staff');
    await settled(phone);
    const from = hints(phone).length;
    const [notSeq] = await inject('staff');
    await s.call('POST', '/api/v2/app/notification/user/read', { as: 'staff', body: { notSeq } });
    await s.call('POST', '/api/v2/app/notification/settings', {
      as: 'staff',
      body: { notId: 'N005', notUseYn: 'N' },
    });
    await settled(phone);
    const kinds = hints(phone, from).flatMap((h) => h.hint.k);
    expect(kinds).toContain('notifications');
    expect(kinds).toContain('settings');
    const last = hints(phone, from).at(-1)?.hint;
    expect(last?.pull?.settings?.find((x) => x.notId === 'N005')?.notUseYn).toBe('N');
  });

  it('pokes a vessel user whose lane has no chat, and offers 60 s heart-beats', async () => {
    const ship = await listening('vessel2', '0,120000');
    expect(ship.frames[0]?.headers['heart-beat']).toBe('60000,60000');
    await settled(ship);
    const from = hints(ship).length;
    const [notSeq] = await inject('vessel2');
    await settled(ship);
    const got = hints(ship, from);
    expect(got).toHaveLength(1);
    expect(got[0]?.hint.pull?.notifications?.[0]?.notSeq).toBe(notSeq);
  });
});
