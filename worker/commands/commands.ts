// The write commands of architecture.md#how-data-moves, bound to the worker's database: each is its operation kind's own command
// (src/device/outbox/ops/: the local change and the outbox operation in ONE Dexie transaction), then asks for a drain.
// Built from injected parts so tests run them on their own database.
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiCaller, DrainOptions } from '../../src/device/outbox/drain.ts';
import { scheduleDrain } from '../../src/device/outbox/schedule.ts';
import { acknowledge } from '../../src/device/outbox/ops/ack.ts';
import { markRead } from '../../src/device/outbox/ops/read.ts';
import { saveSetting } from '../../src/device/outbox/ops/setting.ts';
import { saveSubscription, type SubscriptionJson } from '../../src/device/outbox/ops/subscription.ts';
import { recordVisit, type Visit } from '../../src/device/outbox/ops/history.ts';
import { saveMyVessels } from '../../src/device/outbox/ops/my-setting.ts';
import { saveAlertRule } from '../../src/device/outbox/ops/alert-rule.ts';
import type { AlertRule } from '../../src/core/contract/notification.ts';
import type { OpKind } from '../../src/core/contract/ops.ts';
import { createChatCommands, type ChatCommandDeps } from './chat.ts';

export { HISTORY_PATH, MY_SETTING_PATH } from '../../src/device/outbox/ops/paths.ts';
export { MAX_WAITING_VISITS, type Visit } from '../../src/device/outbox/ops/history.ts';
export { myVesselsKey } from '../../src/device/outbox/ops/my-setting.ts';
export type { SubscriptionJson } from '../../src/device/outbox/ops/subscription.ts';

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

export interface CommandResult {
  /** The outbox operation id (Idempotency-Key), or null when nothing had to be sent. */
  opId: string | null;
}

export function createCommands(deps: CommandDeps) {
  const { db, client } = deps;
  const drainLater = () => {
    if (deps.triggerDrain) deps.triggerDrain();
    else void scheduleDrain(db, client, deps.drainOptions);
  };
  /** A change of the user's was queued: a drain now, and a Background Sync in case the page closes first. */
  const after = (opId: string | null): CommandResult => {
    if (opId !== null) {
      void deps.registerSync?.().catch(() => undefined);
      drainLater();
    }
    return { opId };
  };

  const chat = createChatCommands({
    db,
    after,
    drainLater,
    ...(deps.registerSync ? { registerSync: deps.registerSync } : {}),
    ...(deps.liveChat ? { liveChat: deps.liveChat } : {}),
  });

  const named = {
    /** "Got it" (product.md#what-happens-when, product.md#input-and-formatting-rules, product.md#who-may-do-what): vessel users only; ackUsrId becomes the user's id at once. */
    acknowledge: async (notSeq: number) => after(await acknowledge(db, notSeq)),
    /** Opening an item (product.md#what-happens-when): N -> Y, one off the badge's notCnt, and the badge call counter goes up. */
    markRead: async (notSeq: number) => after(await markRead(db, notSeq)),
    /** A notification setting switch (product.md#what-happens-when): toggled at once, reverted if the server refuses. */
    saveSetting: async (notId: string, notUseYn: 'Y' | 'N') => after(await saveSetting(db, notId, notUseYn)),
    /** The push master switch (product.md#what-happens-when): kept in meta `pushSubscription`, saved through the outbox. */
    saveSubscription: async (notDevId: string, notSbscrYn: 'Y' | 'N', subscription?: SubscriptionJson) =>
      after(await saveSubscription(db, notDevId, notSbscrYn, subscription)),
    /**
     * A route change (product.md#the-calls): the page view goes through the outbox. Not a change of the user's: no Background
     * Sync is asked for, and it is not counted among the changes waiting; the normal drain sends it.
     */
    async recordVisit(visit: Visit): Promise<CommandResult> {
      const opId = await recordVisit(db, visit);
      if (opId !== null) drainLater();
      return { opId };
    },
    /** My Vessel's add and remove: the whole new list, shown at once; the last list wins. */
    saveMyVessels: async (vslCds: string[]) => after(await saveMyVessels(db, vslCds)),
    /** One of the user's alert rules saved, or deleted (null): shown at once, the last state of a rule wins. */
    saveAlertRule: async (ruleId: string, rule: AlertRule | null) =>
      after(await saveAlertRule(db, ruleId, rule)),
    ...chat,
  };

  /**
   * The worker's one entry for making an operation: each kind of the registry (src/core/contract/ops.ts) to its
   * command. A kind without one does not compile here, except 'device', which a subscription makes beside itself.
   */
  const byKind = {
    ack: named.acknowledge,
    read: named.markRead,
    setting: named.saveSetting,
    subscription: named.saveSubscription,
    history: named.recordVisit,
    mySetting: named.saveMyVessels,
    alertRule: named.saveAlertRule,
    chat: named.sendChat,
    chatRead: named.markChatRead,
    berthProspect: named.postBerthProspect,
    pushAlert: named.askPushAlert,
  } satisfies { readonly [K in Exclude<OpKind, 'device'>]: (...args: never[]) => Promise<CommandResult> };
  type ByKind = typeof byKind;

  return {
    ...named,
    byKind,
    /** Makes an operation of `kind` with its command's arguments (the window's useOp). */
    op: <K extends keyof ByKind>(kind: K, ...args: Parameters<ByKind[K]>): ReturnType<ByKind[K]> =>
      (byKind[kind] as (...a: Parameters<ByKind[K]>) => ReturnType<ByKind[K]>)(...args),
  };
}

export type Commands = ReturnType<typeof createCommands>;
/** The kinds the window can make, each with its command's arguments and answer. */
export type OpCommandKind = keyof Commands['byKind'];
export type OpArgs<K extends OpCommandKind> = Parameters<Commands['byKind'][K]>;
export type OpResult<K extends OpCommandKind> = Awaited<ReturnType<Commands['byKind'][K]>>;
