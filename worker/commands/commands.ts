// The write commands of DESIGN.md §3: each applies its change locally (optimistic) AND appends its outbox operation
// in ONE Dexie transaction, then asks for a drain. Built from injected parts so tests run them on their own database.
import type { QuayDb } from '../../src/core/db.ts';
import { ForbiddenError, UnknownError } from '../../src/core/net/http.ts';
import { enqueue, entityOf } from '../../src/core/outbox/enqueue.ts';
import { followedCodes } from '../../src/core/followed.ts';
import { followVessels, type ApiCaller, type DrainOptions } from '../../src/core/outbox/drain.ts';
import { scheduleDrain } from '../../src/core/outbox/schedule.ts';
import {
  MY_VESSELS_ENTITY,
  type HistoryBody,
  type PushSubscriptionState,
} from '../../src/core/outbox/types.ts';
import type { FleetResponse } from '../../src/core/contract/vessel.ts';
import { MY_SETTING_MAX } from '../../src/core/contract/common.ts';
import { isLocalHost } from '../../src/core/net/local-host.ts';
import { createChatCommands, type ChatCommandDeps } from './chat.ts';

const N = '/api/v2/app/notification';
export const HISTORY_PATH = '/api/v2/app/common/history/application-history';
export const MY_SETTING_PATH = '/api/v2/app/common/my-setting';
const VSL_CD = /^[A-Z0-9]{4}$/;
export { LIVE_RECEIPT_WAIT_MS } from './chat.ts';

/** The pageData key of a user's My Vessel data (worker/pages/sources.ts kind 'myVessels', keyed by the user's id). */
export const myVesselsKey = (usrId: string): string => `myVessels:${usrId}`;
/** The outbox entity of page views: they go in the order they were made, one after the other. */
export const HISTORY_ENTITY = 'history';
/** The server's limits (AppHistoryBody): urlVal 1 to 2000 characters, prmtVal up to 4000. */
export const URL_VAL_MAX = 2000;
export const PRMT_VAL_MAX = 4000;
/** Page views kept waiting at most (DESIGN.md §3 Storage: bound what grows); past it the oldest waiting go. */
export const MAX_WAITING_VISITS = 500;

/** A route the window moved to: location.pathname, location.search and location.hostname. */
export interface Visit {
  path: string;
  search: string;
  hostname: string;
}

/** At most `max` characters (code points, as the server counts them), without NUL (the server refuses it). */
function clip(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '');
  const chars = Array.from(clean);
  return chars.length <= max ? clean : chars.slice(0, max).join('');
}

/** The application history body of SPEC §7 for one visit. */
export function historyBody(visit: Pick<Visit, 'path' | 'search'>): HistoryBody {
  return {
    urlVal: clip(visit.path, URL_VAL_MAX) || '/',
    appTpCd: 'MOB',
    httpMethTpCd: 'GE',
    prmtVal: clip(visit.search.startsWith('?') ? visit.search.slice(1) : visit.search, PRMT_VAL_MAX),
  };
}

export interface CommandDeps {
  db: QuayDb;
  client: ApiCaller;
  /** Passed to every drain the commands start (locks, callbacks, timeouts). */
  drainOptions?: DrainOptions;
  /** Asks for a Background Sync (Chromium) so the sw replays if the page closes first; absent elsewhere. */
  registerSync?: () => Promise<void>;
  /** Default: scheduleDrain; tests may pass a no-op to drain by hand. */
  triggerDrain?: () => void;
  /** The worker's STOMP connection (worker/chat/live.ts): sends a chat message at once when connected. */
  liveChat?: ChatCommandDeps['liveChat'];
}

/** The Web Push subscription as PushSubscription.toJSON() gives it. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface CommandResult {
  /** The outbox operation id (Idempotency-Key), or null when nothing had to be sent. */
  opId: string | null;
}

export function createCommands(deps: CommandDeps) {
  const { db, client } = deps;
  const after = (opId: string | null): CommandResult => {
    if (opId !== null) {
      void deps.registerSync?.().catch(() => undefined);
      if (deps.triggerDrain) deps.triggerDrain();
      else void scheduleDrain(db, client, deps.drainOptions);
    }
    return { opId };
  };

  /** "Got it" (SPEC §4, §5, §6): vessel users only, needs a notSeq; ackUsrId becomes the user's id at once. */
  async function acknowledge(notSeq: number): Promise<CommandResult> {
    if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Got it needs a notSeq.');
    const opId = await db.transaction(
      'rw',
      [db.notifications, db.notificationDetails, db.outbox, db.meta],
      async () => {
        const user = await db.getMeta('user');
        if (!user || user.usrTpCd !== '4')
          throw new ForbiddenError('Only vessel users can acknowledge a vessel notification.');
        const item = await db.notifications.get(notSeq);
        const detail = await db.notificationDetails.get(notSeq);
        const current = item?.ackUsrId ?? detail?.ackUsrId ?? null;
        if (current) return null; // already acknowledged: the button is hidden, nothing to send
        await db.notifications.update(notSeq, { ackUsrId: user.usrId });
        await db.notificationDetails.update(notSeq, { ackUsrId: user.usrId });
        const vslCd = item?.vslCd ?? detail?.vslCd ?? user.ofcId;
        const row = await enqueue(db, {
          kind: 'ack',
          entity: entityOf.notification(notSeq),
          method: 'POST',
          path: `${N}/vessel/ack`,
          body: vslCd ? { notSeq, vslCd } : { notSeq },
          undo: { notSeq, ackUsrId: null },
        });
        return row.opId;
      },
    );
    return after(opId);
  }

  /** Opening an item (SPEC §4): N -> Y, one off the badge's notCnt, and the badge call counter goes up. */
  async function markRead(notSeq: number): Promise<CommandResult> {
    if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Reading needs a notSeq.');
    const opId = await db.transaction(
      'rw',
      [db.notifications, db.notificationDetails, db.badge, db.outbox, db.meta],
      async () => {
        const item = await db.notifications.get(notSeq);
        const detail = await db.notificationDetails.get(notSeq);
        const before = item?.notReadYn ?? detail?.notReadYn ?? null;
        const badge = await db.badge.get('notification');
        const decrement = before === 'N' && badge !== undefined && badge.notCnt > 0;
        if (badge) {
          await db.badge.put({
            ...badge,
            notCnt: decrement ? badge.notCnt - 1 : badge.notCnt,
            currBadgeCall: badge.currBadgeCall + 1,
          });
        }
        if (before === 'N') {
          await db.notifications.update(notSeq, { notReadYn: 'Y' });
          await db.notificationDetails.update(notSeq, { notReadYn: 'Y' });
        }
        // Read already, at the server too: opening it again counts (badge call), but costs no request.
        if (before === 'Y') return null;
        const row = await enqueue(db, {
          kind: 'read',
          entity: entityOf.notification(notSeq),
          method: 'POST',
          path: `${N}/user/read`,
          body: { notSeq },
          undo: { notSeq, notReadYn: before, badgeDecremented: decrement },
        });
        return row.opId;
      },
    );
    return after(opId);
  }

  /** A notification setting switch (SPEC §4): toggled at once, reverted if the server refuses. */
  async function saveSetting(notId: string, notUseYn: 'Y' | 'N'): Promise<CommandResult> {
    const opId = await db.transaction('rw', [db.notificationSettings, db.outbox, db.meta], async () => {
      const user = await db.getMeta('user');
      const row = await db.notificationSettings.get(notId);
      if (row) await db.notificationSettings.update(notId, { notUseYn });
      else await db.notificationSettings.put({ notId, notNm: notId, notUseYn });
      const op = await enqueue(db, {
        kind: 'setting',
        entity: entityOf.setting(notId),
        method: 'POST',
        path: `${N}/settings`,
        body: user ? { notId, notUseYn, usrId: user.usrId } : { notId, notUseYn },
        undo: { notId, notUseYn: row?.notUseYn ?? null },
      });
      return op.opId;
    });
    return after(opId);
  }

  /** The push master switch (SPEC §4): kept in meta `pushSubscription`, saved through the outbox. */
  async function saveSubscription(
    notDevId: string,
    notSbscrYn: 'Y' | 'N',
    subscription?: SubscriptionJson,
  ): Promise<CommandResult> {
    if (notSbscrYn === 'Y' && !subscription) throw new UnknownError('Turning push on needs a subscription.');
    const opId = await db.transaction('rw', [db.outbox, db.meta], async () => {
      const previous = (await db.getMeta('pushSubscription')) ?? null;
      const state: PushSubscriptionState = { notDevId, notSbscrYn };
      await db.setMeta('pushSubscription', state);
      const op = await enqueue(db, {
        kind: 'subscription',
        entity: entityOf.subscription(notDevId),
        method: 'POST',
        path: `${N}/user/subscription`,
        body: subscription ? { notDevId, notSbscrYn, subscription } : { notDevId, notSbscrYn },
        undo: { notDevId, previous },
      });
      // SPEC §7: the device is tied to the signed-on user (a shared device follows whoever signs on).
      if (notSbscrYn === 'Y')
        await enqueue(db, {
          kind: 'device',
          entity: entityOf.subscription(notDevId),
          method: 'POST',
          path: `${N}/user/logged-user`,
          body: { notDevId },
          undo: null,
        });
      return op.opId;
    });
    return after(opId);
  }

  /**
   * A route change (SPEC §7): the page view goes to the application history through the outbox, so a visit made at
   * sea reaches the server when the link returns. Nothing on a local host. Not a change of the user's: no Background
   * Sync is asked for, and it is not counted among the changes waiting; the normal drain sends it.
   */
  async function recordVisit(visit: Visit): Promise<CommandResult> {
    if (isLocalHost(visit.hostname)) return { opId: null };
    const body = historyBody(visit);
    const opId = await db.transaction('rw', [db.outbox, db.meta], async () => {
      const row = await enqueue(db, {
        kind: 'history',
        entity: HISTORY_ENTITY,
        method: 'PUT',
        path: HISTORY_PATH,
        body,
        undo: null,
      });
      const waiting = db.outbox.where('entity').equals(HISTORY_ENTITY);
      const excess = (await waiting.count()) - MAX_WAITING_VISITS;
      if (excess > 0) await db.outbox.bulkDelete((await waiting.primaryKeys()).slice(0, excess));
      return row.opId;
    });
    if (deps.triggerDrain) deps.triggerDrain();
    else void scheduleDrain(db, client, deps.drainOptions);
    return { opId };
  }

  /**
   * My Vessel's add and remove: the whole new list of followed vessels, shown at once (the kept page data) and sent
   * as PUT /common/my-setting {vslCds} through the outbox; the last list wins, a refusal puts the first one back.
   */
  async function saveMyVessels(vslCds: string[]): Promise<CommandResult> {
    const list = [...new Set(vslCds.map((c) => c.trim().toUpperCase()))];
    const bad = list.find((c) => !VSL_CD.test(c));
    if (bad !== undefined) throw new UnknownError(`${bad} is not a vessel code.`);
    if (list.length > MY_SETTING_MAX)
      throw new UnknownError(`At most ${MY_SETTING_MAX} vessels can be followed.`);
    const opId = await db.transaction('rw', [db.pageData, db.outbox, db.meta], async () => {
      const user = await db.getMeta('user');
      if (!user) throw new UnknownError('Nobody is signed on.');
      const key = myVesselsKey(user.usrId);
      const kept = (await db.pageData.get(key))?.data as FleetResponse | undefined;
      // What the user saw before this change: the list still waiting to be sent, else the kept data's.
      const waiting = await db.outbox.where('entity').equals(MY_VESSELS_ENTITY).sortBy('seq');
      const shown =
        (waiting[waiting.length - 1]?.body as { vslCds?: string[] } | undefined)?.vslCds ??
        (kept?.vessels ? followedCodes(kept.vessels) : undefined) ??
        [];
      if (shown.length === list.length && shown.every((c) => list.includes(c))) return null;
      await followVessels(db, key, list);
      const op = await enqueue(db, {
        kind: 'mySetting',
        entity: MY_VESSELS_ENTITY,
        method: 'PUT',
        path: MY_SETTING_PATH,
        body: { vslCds: list },
        undo: { key, vslCds: shown },
      });
      return op.opId;
    });
    return after(opId);
  }

  const chat = createChatCommands({
    db,
    after,
    drainLater: () => {
      if (deps.triggerDrain) deps.triggerDrain();
      else void scheduleDrain(db, client, deps.drainOptions);
    },
    ...(deps.registerSync ? { registerSync: deps.registerSync } : {}),
    ...(deps.liveChat ? { liveChat: deps.liveChat } : {}),
  });

  return { acknowledge, markRead, saveSetting, saveSubscription, recordVisit, saveMyVessels, ...chat };
}

export type Commands = ReturnType<typeof createCommands>;
