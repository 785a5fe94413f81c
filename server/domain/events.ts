// Domain events: one path for every change. A domain function records what happened inside its transaction; the
// domain's reactions (the notification rules) run on it before the commit, and after the commit one dispatcher hands
// every event to its subscribers (sync hints, live sockets, Web Push): architecture.md#domain-events. Whoever makes
// the change (a route, the simulator, the dev API, a schedule feed), the same things follow from it.
import type { Db, Sql } from '../db/db.ts';
import { collectChanges, type Committed } from '../sync/changes.ts';
import type { ChatMessage } from '../../src/core/contract/chat.ts';

/** Where a happening of a port call took place: the vessel, the port and the call of its current voyage. */
interface AtCall {
  vslCd: string;
  portCd: string;
  callSeq: number;
  /** When it happened (ms). */
  at: number;
  /** When its source learnt of it (ms; the simulator's clock, else now): a happening learnt long after is history. */
  seen: number;
}

/** Something that happened in the world of vessels and ports: what notification rules and alerts look at. */
export type Happening =
  | ({ type: 'etaMoved'; prevEta: number; eta: number } & AtCall)
  | ({ type: 'callArrived' | 'callBerthed' | 'callDeparted' | 'berthPlanChanged' } & AtCall)
  | { type: 'portStatusChanged'; portCd: string; vslCd: string | null; at: number; seen: number };

/** A notification as made: enough for the report of a simulator tick and for Web Push. */
export interface MadeNotification {
  notSeq: number;
  notId: string;
  usrId: string;
  vslCd: string | null;
  portCd: string | null;
}

export type DomainEvent =
  | Happening
  | { type: 'notificationsMade'; notifications: readonly MadeNotification[] }
  /** A new chat message (not a resend), as storeMessage answers it. */
  | { type: 'messageStored'; message: ChatMessage }
  /** A member read a room up to uptoSeq (null: all of it). */
  | {
      type: 'messageRead';
      roomId: string;
      reader: { usrId: string; usrTpCd: string };
      uptoSeq: number | null;
    }
  /** The sender of a message asked for it to be Web Pushed to the other members. */
  | { type: 'chatAlertAsked'; msgSeq: number; recipients: readonly string[] }
  /** Sign-on sessions ended (sign-out, a device signed out, a user disabled): their live connections close. */
  | { type: 'sessionsEnded'; sids: readonly string[] }
  /**
   * What a user may see changed: its type, roles, vessel or ports (architecture.md#people). Its live subscriptions
   * are judged again, and its devices follow at their next sync.
   */
  | { type: 'userChanged'; usrId: string };

/** Runs inside the transaction on newly recorded events, before the commit; it may record more. */
export type Reaction = (sql: Sql, events: readonly DomainEvent[]) => Promise<void>;

/** Told after the commit of everything the transaction recorded, and of the change log's new versions. */
type Subscriber = (events: readonly DomainEvent[], committed: readonly Committed[]) => void;

interface TxEvents {
  events: DomainEvent[];
  /** How many of `events` the reactions have seen. */
  reacted: number;
}

/** The events of each open domain transaction, by the transaction's Sql. */
const txOf = new WeakMap<Sql, TxEvents>();

/**
 * Records that something happened, in the transaction that made it happen. Outside a domain transaction (the seed,
 * which writes history rather than news) there is nobody to tell, and the event goes nowhere.
 */
export function recordEvent(sql: Sql, event: DomainEvent): void {
  txOf.get(sql)?.events.push(event);
}

export interface Dispatcher {
  subscribe(subscriber: Subscriber): void;
  /** Hands one committed transaction's events to every subscriber; one that throws is logged, the others go on. */
  dispatch(events: readonly DomainEvent[], committed: readonly Committed[]): void;
}

export function createDispatcher(onError: (err: unknown) => void): Dispatcher {
  const subscribers: Subscriber[] = [];
  return {
    subscribe: (s) => void subscribers.push(s),
    dispatch(events, committed) {
      if (events.length === 0 && committed.length === 0) return;
      for (const s of subscribers) {
        try {
          s(events, committed);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}

/** Each transaction's Sql, for settleEvents: the reactions it runs. */
const reactionsOf = new WeakMap<Sql, readonly Reaction[]>();

/**
 * Runs the reactions on the events recorded since they last ran, again on what they record, until nothing new is
 * recorded; answers every event of the transaction so far. A tick calls it to report the notifications it made.
 */
export async function settleEvents(sql: Sql): Promise<readonly DomainEvent[]> {
  const tx = txOf.get(sql);
  if (!tx) throw new Error('settleEvents outside a domain transaction');
  const reactions = reactionsOf.get(sql) ?? [];
  // Each pass reacts to what the previous one recorded; rules that answer events with events of their own kind
  // would loop, so the passes are bounded.
  for (let pass = 0; tx.reacted < tx.events.length; pass++) {
    if (pass === 8) throw new Error('domain reactions keep recording events');
    const fresh = tx.events.slice(tx.reacted);
    tx.reacted = tx.events.length;
    for (const react of reactions) await react(sql, fresh);
  }
  return tx.events;
}

/**
 * The Db every part of the server uses: its transactions collect events and change-log notes; before the commit the
 * reactions run and the change log is written; after it the dispatcher tells the subscribers.
 */
export function withDomainEvents<D extends Db>(
  db: D,
  opts: { reactions: readonly Reaction[]; dispatcher: Dispatcher },
): D {
  const domain: D = Object.create(db) as D;
  domain.tx = async <T>(fn: (sql: Sql) => Promise<T>): Promise<T> => {
    let events: readonly DomainEvent[] = [];
    let committed: Committed[] = [];
    const result = await db.tx(async (inner) => {
      const sql: Sql = {
        query: <R>(text: string, params?: readonly unknown[]) => inner.query<R>(text, params),
      };
      txOf.set(sql, { events: [], reacted: 0 });
      reactionsOf.set(sql, opts.reactions);
      const writeChanges = collectChanges(sql);
      const value = await fn(sql);
      events = await settleEvents(sql);
      committed = await writeChanges(inner);
      return value;
    });
    opts.dispatcher.dispatch(events, committed);
    return result;
  };
  return domain;
}
