// The sync worker's entry: builds each part once (sync, outbox, commands, chat, meter, analytics), then lists the API
// the window calls through Comlink (src/platform/worker-bridge.ts) in one place, grouped by domain; its type is
// derived from it.
import { expose } from 'comlink';
import { defaultLocks } from '../src/device/locks.ts';
import { scheduleDrain, stopScheduledDrain } from '../src/device/outbox/schedule.ts';
import { createAnalytics, createRouteChanged, type RouteVisit } from './analytics.ts';
import { startSession, type SessionStart, type StartOptions } from './auth/session.ts';
import { signOutHere, type SignOutResult, type UnsentChoice } from './auth/sign-out.ts';
import { sendPendingSignOuts } from '../src/device/net/sign-out.ts';
import { registerSync } from './background-sync.ts';
import { createCommands } from './commands/commands.ts';
import { createOutboxControls } from './commands/outbox.ts';
import { createWorkerChat } from './chat/index.ts';
import { createLiveConnection } from './live/connection.ts';
import { liveStatusOf } from './live/status.ts';
import { createKeywordSearch } from './search/keyword-search.ts';
import { createNotificationDetail } from './notifications/detail.ts';
import { createPushKey } from './notifications/push-key.ts';
import { createCalendarLink } from './calendar/link.ts';
import { createFeedStates } from './admin/feeds.ts';
import { createMyDevices } from './auth/my-devices.ts';
import { createAdminUsers } from './admin/users.ts';
import { refreshFollowed } from './page-data/followed.ts';
import { createPageLoader } from './page-data/load-page.ts';
import { setPortLiveFilter, setPortLiveSort } from './page-data/port-filters.ts';
import type { PortFilter, PortSort } from '../src/core/port-filters.ts';
import type { SailingsQuery } from '../src/core/contract/sailings.ts';
import type { SailingsAnswer } from './page-data/sailings.ts';
import { db, tokens } from './db.ts';
import { createSyncService } from './sync/service.ts';
import { LEADER_LOCK } from './leader.ts';
import { writeStatus } from './sync/status-store.ts';
import { createWorkerMeter } from './meter.ts';

const sync = createSyncService({
  db,
  tokens,
  // Without Web Locks (old browsers) every tab leads: more requests, nothing lost.
  locks: defaultLocks(),
  isOnline: () => navigator.onLine,
  channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('quay-sync'),
  // A pass that reached the server means the link works: send what waits (architecture.md#drain-triggers).
  afterPass: (result) => {
    if (result.error !== null) return;
    void loadPage.serverAnswered();
    void outbox.drainOutbox();
    keepFollowed();
  },
  // After each pull: the live connection's room subscriptions, and a chat user's missed messages.
  extra: (full, pulled) => chat.syncPass(full, pulled),
  // Every signed-on leader connects at once (startLive): an opening's pull waits for it, so it is one pull, not two.
  liveComing: () => navigator.onLine && live.status().state !== 'refused',
});
/** What the window last said of the link (Chromium fires no online/offline events in a dedicated worker). */
let linkUp = navigator.onLine;
// With no link the drain tries nothing: the operations keep no backoff from the hours at sea, and the link's return
// sends them all in one push.
const drainOptions = { isOnline: () => linkUp };
const outbox = createOutboxControls(db, sync.client, drainOptions);
/** The followed pages, one refresh at a time: two passes close together (opening, then the live connection's pull)
 * would otherwise ask for the same pages twice. */
let following: Promise<unknown> | null = null;
const keepFollowed = () => {
  following ??= refreshFollowed(db, loadPage).finally(() => {
    following = null;
  });
};
const loadPage = createPageLoader({ db, client: sync.client, isOnline: () => navigator.onLine });
/** Port to port's search: a chunk of its own, loaded on the first search. */
let sailingsSearch: Promise<(q: SailingsQuery) => Promise<SailingsAnswer>> | undefined;
const portToPort = () =>
  (sailingsSearch ??= import('./page-data/sailings.ts').then((m) =>
    m.createSailings({ db, client: sync.client, isOnline: () => navigator.onLine }),
  ));
// The data meter: counts this worker's bytes; data saver off again sends what it held (page views, analytics).
const meter = createWorkerMeter({
  db,
  onSaverOff: () => void Promise.all([outbox.drainOutbox(), analytics.flush()]),
});
const analytics = createAnalytics({
  client: sync.client,
  isOnline: () => navigator.onLine,
  deferred: meter.saverOn,
});
// The leader's live connection (connected once leading, dropped on sign-out): every signed-on user's sync hint, and
// chat, a part of it, for a user who chats. A hint pulls, or carries its change; a (re)connect pulls what was missed.
const live = createLiveConnection({
  db,
  tokens,
  isOnline: () => navigator.onLine,
  onHint: (hint) => void sync.hinted(hint, chat.live.chatHeard()).catch(() => undefined),
  // The user's rights changed: the pull drops what it could see and brings its new rooms before the reconnect.
  onRightsChanged: () => (sync.isLeader ? sync.engine.request(false) : Promise.resolve()),
});
const chat = createWorkerChat({
  db,
  client: sync.client,
  live,
  isOnline: () => navigator.onLine,
  onConnected: () => void outbox.drainOutbox(),
  onLive: (up) => sync.setLive(up),
});
const liveStatus = liveStatusOf({
  db,
  live,
  isLeader: () => sync.isLeader,
  leaderExists: async () => {
    const locks = (navigator as { locks?: { query?: () => Promise<{ held?: { name?: string }[] }> } }).locks;
    if (!locks?.query) return undefined;
    return ((await locks.query()).held ?? []).some((l) => l.name === LEADER_LOCK);
  },
});
// The write commands, chat's among them: a chat message goes over the live connection when it is up.
const commands = createCommands({ db, client: sync.client, registerSync, drainOptions, liveChat: chat.live });
const routeChanged = createRouteChanged({ recordVisit: commands.recordVisit, analytics });
// At once when leading, beside the first pass. A vessel user whose vessel this device does not know yet hears only
// the hint until a pass brings it: its service decides whether it may chat at all (product.md#what-happens-when).
const startLive = () => void sync.whenLeader().then(() => live.start());

/** The link came or went: sync and send at once when it comes back (architecture.md#when-the-worker-talks-to-the-server). */
function linkChanged(online: boolean): void {
  linkUp = online;
  void sync.setOnline(online);
  analytics.linkChanged(online);
  void meter.refreshSaver().catch(() => undefined);
  if (sync.isLeader) live.setOnline(online);
  if (online) {
    void outbox.drainOutboxNow();
    void sendPendingSignOuts(db).catch(() => undefined);
  }
}
// Chromium fires no online/offline events in dedicated workers: the window forwards its own (linkChanged below).
addEventListener('online', () => linkChanged(true));
addEventListener('offline', () => linkChanged(false));

/** The worker's API, one domain a group. */
const api = {
  // Session
  /**
   * Opens the session: after a fresh sign-on from the cookie, else with the user and token this device stored (or,
   * with no link, with the stored user); then starts syncing and sending.
   */
  async startSession(opts: StartOptions = {}): Promise<SessionStart> {
    const result = await startSession({ db, tokens, client: sync.client }, opts);
    if (result.status === 'signed-on') {
      // A sign-out of an earlier session must not send this fresh one back to the sign-on page.
      await writeStatus(db, { signedOut: false, lost: null, notAnswering: null });
      sync.start();
      startLive();
      void outbox.drainOutbox();
    }
    return result;
  },
  /**
   * Signs out (architecture.md#sign-out): what waits is sent first; what cannot be is kept for this user's next
   * sign-on here or discarded, as the user chose (asked when the answer is 'unsent'). With no link the device signs
   * out at once and the server is told at the next contact.
   */
  async signOut(unsent?: UnsentChoice): Promise<SignOutResult> {
    const result = await signOutHere(
      {
        db,
        tokens,
        linkUp: () => linkUp,
        drain: () => outbox.drainOutbox(),
        stop: () => {
          analytics.clear();
          chat.live.stop();
          live.stop();
          stopScheduledDrain(db);
          sync.pause();
        },
      },
      unsent,
    );
    if (result.status !== 'unsent') await sync.signedOut();
    return result;
  },
  /** The window saw the link come back while signed out: tell the server of sign-outs made at sea. */
  sendPendingSignOuts: () => sendPendingSignOuts(db),

  // Sync and the link
  /** Pull-to-refresh: the user asks, so what data saver held goes too (page views of the history). */
  syncNow: () => {
    void scheduleDrain(db, sync.client, { ...drainOptions, sendDeferred: true });
    return sync.syncNow();
  },
  /** The page became visible: sync if the data is old, and send what waits. */
  pageVisible: async () => {
    void outbox.drainOutbox();
    await sync.pageVisible();
  },
  /** Push or STOMP said something changed: sync (coalesced with any pass under way). */
  notifySomethingChanged: () => sync.somethingChanged(),
  /** The window's online/offline events (src/platform/worker-bridge.ts watchLink). */
  linkChanged: (online: boolean) => linkChanged(online),

  // Outbox (architecture.md#how-data-moves): the window clears the refusals and confirmations it has shown
  clearOutboxFailures: outbox.clearOutboxFailures,
  clearOutboxConfirmed: outbox.clearOutboxConfirmed,

  /**
   * Makes an operation of a kind of the registry with its command's arguments: the window's one entry for every
   * change the user makes (useOp, runOp; architecture.md#adding-an-operation).
   */
  op: commands.op,
  // Notifications and push (product.md#what-happens-when)
  /** A notification's detail, from the server or, at sea, this device's copy (product.md#notification-read). */
  notificationDetail: createNotificationDetail(db, sync.client, () => navigator.onLine),
  /** The VAPID public key to subscribe this browser to Web Push with. */
  pushPublicKey: createPushKey(sync.client),

  // Vessels, ports and search
  /** A page's data (vessel, port, service…) into IndexedDB for the window, kept for offline (architecture.md#the-pages-the-product-leaves-open). */
  loadPage: (...args: Parameters<typeof loadPage>) => loadPage(...args),
  /** The calendar feed's secret (product.md#calendar-feed): made on first use or anew (renew), kept on the device. */
  calendarLink: createCalendarLink(db, sync.client),
  /** For staff on /health/: each schedule source's and AIS feed's state, from the server (integration.md#the-state-of-the-feeds). */
  feedStates: createFeedStates(sync.client),
  /** My devices (product.md#my-devices): where the user is signed on, and signing one out; online only. */
  ...createMyDevices(sync.client, () => linkUp),
  /** For administrators: users and the audit log, from the server, online only (architecture.md#people). */
  ...createAdminUsers(sync.client, () => linkUp),
  /** Smart search (product.md#screens-and-routes): GET /common/keyword-search online, this device's index with no link. */
  keywordSearch: createKeywordSearch({ db, client: sync.client, isOnline: () => navigator.onLine }),
  /** Port to port (product.md#port-to-port): GET /port/sailings online, the schedules this device keeps with no link. */
  sailings: async (q: SailingsQuery): Promise<SailingsAnswer> => (await portToPort())(q),
  /** Port Live's filters at a port, remembered on this device for the signed-on user. */
  setPortLiveFilter: (portCd: string, filter: PortFilter) => setPortLiveFilter(db, portCd, filter),
  /** Port Live's table sort, one for every port, remembered likewise. */
  setPortLiveSort: (sort: PortSort) => setPortLiveSort(db, sort),

  // Chat (product.md#what-the-app-holds): writes through the commands, reads and the open rooms through the worker's chat
  chatSyncRooms: chat.handlers.chatSyncRooms,
  chatOpen: chat.handlers.chatOpen,
  chatClose: chat.handlers.chatClose,
  chatLoadOlder: chat.handlers.chatLoadOlder,
  /** The live connection as the leader holds it (for /health/). */
  liveStatus,

  // History and analytics (product.md#the-calls)
  /** Every route change: application history through the outbox (not on local hosts), and analytics (page_view,
   * user_move) when the window gives a sink. */
  routeChanged: (visit: RouteVisit) => routeChanged(visit),

  // Data meter and data saver
  setDataSaver: meter.api.setDataSaver,
  setDataBudget: meter.api.setDataBudget,
  budgetWarningSeen: meter.api.budgetWarningSeen,
  countWindowBytes: meter.api.countWindowBytes,
  flushMeter: meter.api.flushMeter,
};

export type WorkerApi = typeof api;
export type { SessionStart } from './auth/session.ts';
export type { AdminAnswer } from './admin/users.ts';
export type { SignOutResult, UnsentChoice } from './auth/sign-out.ts';
export type { PageDataOf, PageKind } from './page-data/sources.ts';
export type { PageLoad } from './page-data/load-page.ts';
export type { SailingsAnswer } from './page-data/sailings.ts';
export type { RouteVisit, VisitUser } from './analytics.ts';
export type { SyncStatus, SyncStatusSnapshot } from '../src/device/sync/status.ts';

expose(api);
