// The calendar link across two devices of one user (product.md#calendar-feed), the worker's side against the real
// server: when device B makes a new link, device A's kept address is dead (its feed answers 404); A learns it on
// opening the dialog, drops it and says so, while an address still current is kept as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import type { ApiCaller } from '../src/device/outbox/send.ts';
import { createCalendarLink } from '../worker/calendar/link.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A device's calls as the user, straight to the server in process. */
const asUser = (usrId: string): ApiCaller => ({
  json: async (path, check, opts = {}) => {
    const res = await s.call(opts.method ?? 'GET', path, {
      as: usrId,
      body: opts.body,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const checked = check(res.json());
    if (checked === null) throw new Error('answer not understood');
    return checked;
  },
});

const device = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('the calendar link on two devices', () => {
  it("drops device A's address once device B made a new link, and keeps a current one", async () => {
    const a = device();
    const b = device();
    const linkA = createCalendarLink(a, asUser('staff'));
    const linkB = createCalendarLink(b, asUser('staff'));

    const made = await linkA(true);
    expect(made.secret).toBeTruthy();
    // Opened again on A: still current, kept.
    expect(await linkA(false)).toMatchObject({ secret: null, replaced: false });
    expect((await a.getMeta('calendarLink'))?.secret).toBe(made.secret);

    // B makes a new link: A's address answers 404 from now on.
    await linkB(true);
    const feed = await s.app.inject({ method: 'GET', url: `/cal/${made.secret ?? ''}/port/SGSIN.ics` });
    expect(feed.statusCode).toBe(404);

    // A opens the dialog: it learns it, and no longer holds the dead address.
    expect(await linkA(false)).toMatchObject({ secret: null, replaced: true });
    expect(await a.getMeta('calendarLink')).toBeUndefined();
  });
});
