// The IndexedDB schema of the `quay` database, shared by window, worker and service worker.
// The ONE place that declares Dexie versions: add a new version below, never edit a shipped one, never drop the outbox.
import { Dexie, type DexieOptions, type EntityTable, type IndexableType, type Table } from 'dexie';
import type { LoggedUser, Program } from '../core/contract/common.ts';
import type { VesselCurrent } from '../core/contract/vessel.ts';
import type { ChatMessage, ChatRoom } from '../core/contract/chat.ts';
import type {
  AlertRule,
  NotificationDetail,
  NotificationItem,
  NotificationSetting,
} from '../core/contract/notification.ts';
import type {
  OpError,
  OutboxConfirmation,
  OutboxFailure,
  OutboxRow,
  PushSubscriptionState,
} from './outbox/types.ts';
import type { Dataset, SyncStatus } from './sync/status.ts';
import type { LiveLinkStatus } from './live-link.ts';
import type { DataUsageRow } from './meter/usage.ts';
import type { PortLiveFilters } from '../core/port-filters.ts';

export type { Dataset } from './sync/status.ts';

export const DB_NAME = 'quay';

/** Values kept in the key-value `meta` table, by key. */
export interface MetaValues {
  /** The X-AUTH-TOKEN from GET /IBP_REFRESH.do (mirrored to localStorage `token` by the window, product.md#the-calls). */
  token: string;
  /** The signed-on user as GET /common/logged-user last said: the app opens with it offline. */
  user: LoggedUser;
  /** A random id of this browser profile: the client part of outbox operation ids, and the push device id. */
  clientId: string;
  /** Next number for an outbox operation id. */
  opCounter: number;
  /** What the leader worker says about syncing (src/device/sync/status.ts); every tab reads it. */
  syncStatus: SyncStatus;
  /** Operations the server refused for good, newest last (at most MAX_FAILURES): the window shows and clears them. */
  outboxFailures: OutboxFailure[];
  /** Acknowledgements the server confirmed, newest last: the window says it was acknowledged and clears them. */
  outboxConfirmed: OutboxConfirmation[];
  /** What saveSubscription last asked for on this device. */
  pushSubscription: PushSubscriptionState;
  /** A vessel user's own vessel (GET /vessel/current with its ofcId): its current info and slane code (product.md#what-happens-when). */
  ownVessel: VesselCurrent;
  /** The leader's live connection as it last reported it (src/device/live-link.ts), for /health/ in any tab. */
  liveLink: LiveLinkStatus;
  /** Data saver as the user set it (src/device/meter/data-saver.ts); absent: it follows what the link reports. */
  dataSaver: boolean;
  /** The user's monthly data budget in MB (the data meter warns at 80%); absent: none. */
  dataBudgetMb: number;
  /** The month ('m:2026-11') whose 80% warning the user has seen: once a month. */
  dataBudgetWarned: string;
  /** Where this device's pull by cursor stands (worker/sync/pull.ts); none before the first pull. */
  pullState: PullState;
  /** The user's calendar feed secret, kept when the server made it (shown once): the address shows offline. */
  calendarLink: CalendarLinkKept;
  /** The shared catalog's version when the port-to-port schedules were last kept (worker/page-data/sailings.ts). */
  schedulesCatalog: string;
  /** Port Live's filters, per port, of the user named in it (src/core/port-filters.ts). */
  portLiveFilters: PortLiveFilters;
  /** Sign-outs made with no link, told to the server at the next contact (architecture.md#sign-out). */
  pendingSignOuts: PendingSignOut[];
  /** Changes a user signed out at sea kept for its next sign-on here, apart from the outbox (sync.md#sign-out-at-sea). */
  keptChanges: KeptChanges[];
}

/** A sign-out the server has not heard of yet: the token names the session to end. */
interface PendingSignOut {
  usrId: string;
  token: string;
  at: number;
}

/** One user's unsent operations, in the order they were made, waiting for that user's next sign-on. */
interface KeptChanges {
  usrId: string;
  rows: OutboxRow[];
}

/** A calendar feed secret as this device keeps it (product.md#calendar-feed). */
interface CalendarLinkKept {
  secret: string;
  madeAt: string;
}

/** The server's cursor, the user's change version it brought this device to, and the shared catalog's version. */
export interface PullState {
  cursor: string;
  /** A hint with v at most this is already on the device; one with `from` equal to it carries the next change. */
  version: number;
  /** Programs and the search index are asked for again when the server's catalog differs from this. */
  catalog: string;
}
export type MetaKey = keyof MetaValues;

export interface MetaRow<K extends MetaKey = MetaKey> {
  key: K;
  value: MetaValues[K];
}

export interface SyncStateRow {
  dataset: Dataset;
  etag: string | null;
  /** When the server last answered 200 or 304 (ms since epoch). */
  syncedAt: number | null;
  attemptedAt: number | null;
  error: OpError | null;
}

export interface NotificationDetailRow extends NotificationDetail {
  fetchedAt: number;
}

export interface BadgeRow {
  key: 'notification';
  /** Unread count: the first item's notCnt of GET /notification/user/badge. */
  notCnt: number;
  /** product.md#what-the-app-holds currBadgeCall: incremented when an item is opened or a push is displayed. */
  currBadgeCall: number;
}

export interface MyPortRow {
  portCd: string;
  portNm: string;
  cntCd: string;
  cntNm: string;
  sortNo: number;
}

/**
 * Data of one page or widget as the server last gave it (vessel, voyage, service, port live and status, my vessel):
 * keyed like 'vessel:QHZN' or 'portLive:SGSIN', with its ETag and when it was synced, so each page opens from here
 * offline and says how old its data is.
 */
export interface PageDataRow {
  key: string;
  data: unknown;
  etag: string | null;
  syncedAt: number;
  /** Opened by the user (kept for offline) or followed (kept fresh by the sync). */
  openedAt: number | null;
}

/** The compact index of vessels, services and ports that answers a search with no link (one row, key 'all'). */
export interface SearchIndexRow {
  key: 'all';
  entries: unknown;
  etag: string | null;
  syncedAt: number;
}

/** A chat room of the user as my-room-list last gave it (product.md#what-the-app-holds chat room), with what the device knows of it. */
export interface ChatRoomRow extends ChatRoom {
  /** Its place in the server's list (a vessel user's own room first, then the newest message first). */
  order: number;
  /** False once the oldest page of its history is on the device. */
  hasOlder: boolean;
  syncedAt: number;
}

/** Where an own message is: waiting to be sent, stored by the server, or refused for good. */
type ChatSendStatus = 'pending' | 'sent' | 'failed';

/**
 * A chat message on the device (product.md#what-the-app-holds chat message). A message written here and not yet stored by the server has
 * a local msgSeq above PENDING_MSG_SEQ (so it sorts after every stored one); it is replaced by the stored copy
 * (same clientMsgId) when the RECEIPT, the room topic or the outbox's answer brings the real msgSeq.
 */
export interface ChatMessageRow extends ChatMessage {
  status: ChatSendStatus;
  /** The outbox operation that sends it (own messages written on this device). */
  opId?: string | undefined;
  /** Members other than the sender who read it, from read receipts (readCount counts them too). */
  readers?: string[] | undefined;
  /** Why the server refused it (status 'failed'). */
  error?: string | undefined;
  /** The sender asked for a push alert about it: waiting to be sent, or sent (POST /chat/message/push-alert). */
  alert?: 'pending' | 'sent' | undefined;
}

/**
 * The server's version of a row that a waiting operation changed on the device (architecture.md#the-outbox): kept
 * apart from the visible row, so that a refusal can put it back and a pull can update it (src/device/outbox/base.ts).
 */
export interface BaseRow {
  /** The table's name and the row's primary key as JSON, e.g. 'notifications|123'. */
  id: string;
  table: string;
  key: IndexableType;
  /** The row as the server has it, or null: the server has no such row. */
  row: unknown;
}

/** Local msgSeq of a message not yet stored: PENDING_MSG_SEQ + the outbox counter. */
export const PENDING_MSG_SEQ = 1e15;

export class QuayDb extends Dexie {
  declare meta: EntityTable<MetaRow, 'key'>;
  declare syncState: EntityTable<SyncStateRow, 'dataset'>;
  declare programs: EntityTable<Program, 'pgmNo'>;
  declare notifications: EntityTable<NotificationItem, 'notSeq'>;
  declare notificationDetails: EntityTable<NotificationDetailRow, 'notSeq'>;
  declare notificationSettings: EntityTable<NotificationSetting, 'notId'>;
  declare badge: EntityTable<BadgeRow, 'key'>;
  declare myPorts: EntityTable<MyPortRow, 'portCd'>;
  declare outbox: EntityTable<OutboxRow, 'seq'>;
  declare pageData: EntityTable<PageDataRow, 'key'>;
  declare searchIndex: EntityTable<SearchIndexRow, 'key'>;
  declare chatRooms: EntityTable<ChatRoomRow, 'roomId'>;
  declare chatMessages: Table<ChatMessageRow, [string, number]>;
  declare dataUsage: EntityTable<DataUsageRow, 'period'>;
  declare alertRules: EntityTable<AlertRule, 'ruleId'>;
  declare base: EntityTable<BaseRow, 'id'>;

  /** Tests pass `{ indexedDB, IDBKeyRange }` from fake-indexeddb (see traps.md). */
  constructor(options?: DexieOptions) {
    super(DB_NAME, options);
    this.version(1).stores({ meta: 'key' });
    // Version 2 adds tables only: the token (meta) is kept as it is.
    this.version(2).stores({
      meta: 'key',
      syncState: 'dataset',
      programs: 'pgmNo',
      notifications: 'notSeq, creDt',
      notificationDetails: 'notSeq',
      notificationSettings: 'notId',
      badge: 'key',
      myPorts: 'portCd, sortNo',
      outbox: '++seq, entity, opId, nextAttemptAt',
    });
    // Version 3 adds the pages' data and the offline search index: tables only, the token and outbox stay.
    this.version(3).stores({ pageData: 'key, syncedAt, openedAt', searchIndex: 'key' });
    // Version 4 adds chat: rooms, and messages keyed by room and msgSeq (in order), found by clientMsgId too.
    this.version(4).stores({
      chatRooms: 'roomId, order',
      chatMessages: '[roomId+msgSeq], roomId, clientMsgId',
    });
    // Version 5 adds the data meter: bytes by UTC day ('d:2026-11-25') and month ('m:2026-11') (src/device/meter).
    this.version(5).stores({ dataUsage: 'period' });
    // Version 6 adds the user's own alert rules (product.md#my-alerts), by rule and by vessel: a table only.
    this.version(6).stores({ alertRules: 'ruleId, vslCd' });
    // Version 7 keeps the server's rows apart from what waiting operations did (architecture.md#the-outbox), and
    // operations lose their per-kind `undo`. Operations queued before it keep waiting, but their changes were made
    // with no base kept: the next pull starts from scratch, and the rebase after it keeps the server's rows.
    this.version(7)
      .stores({ base: 'id' })
      .upgrade(async (tx) => {
        const outbox = tx.table('outbox');
        if ((await outbox.count()) === 0) return;
        await outbox.toCollection().modify((row: Record<string, unknown>) => {
          delete row.undo;
        });
        await tx.table('meta').delete('pullState');
      });
  }

  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    const row = await this.meta.get(key);
    return row?.value as MetaValues[K] | undefined;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value });
  }

  async deleteMeta(key: MetaKey): Promise<void> {
    await this.meta.delete(key);
  }
}
