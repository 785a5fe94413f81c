// The live events every instance hears (issue 15): what one instance publishes after a commit and each instance
// delivers to its own sockets under the per-subscriber rules (server/live/live.ts, server/chat/live.ts,
// server/sync/hints.ts). Small JSON, checked on receipt: a message from the bus that is not one of these is logged
// and dropped.
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ChatMessage, ReadReceipt } from '../../src/core/contract/chat.ts';
import { ChangeKind } from '../../src/core/contract/sync.ts';

const UsrIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10_000 });

export const LiveEvent = Type.Union([
  /** A stored message, as a member other than the sender sees it: to its room topic. */
  Type.Object({ t: Type.Literal('message'), msg: ChatMessage }),
  /** The room's members after a new message: each listening member gets its own unread count. */
  Type.Object({ t: Type.Literal('unread'), roomId: Type.String({ minLength: 1 }), members: UsrIds }),
  /** A read receipt: to the room topic, members only; the reader gets its new count. */
  Type.Object({ t: Type.Literal('read'), receipt: ReadReceipt, members: UsrIds }),
  /** Users' new change versions after a commit: each instance hints its own listening users. */
  Type.Object({
    t: Type.Literal('commit'),
    list: Type.Array(
      Type.Object({
        usrId: Type.String({ minLength: 1 }),
        kinds: Type.Array(ChangeKind),
        from: Type.Integer({ minimum: 0 }),
        to: Type.Integer({ minimum: 0 }),
      }),
      { maxItems: 100_000 },
    ),
  }),
  /** Sessions that ended: their sockets close wherever they are. */
  Type.Object({
    t: Type.Literal('signout'),
    sids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
  }),
  /** Users whose rights changed (type, roles, vessel, ports): their sockets close wherever they are, to connect again. */
  Type.Object({ t: Type.Literal('userChanged'), usrIds: UsrIds }),
  /**
   * An instance was cut off from the others (its link to the bus went and came back): events may have been missed
   * both ways since messages up to fromSeq. Every instance brings its own sockets up to date from the database.
   */
  Type.Object({ t: Type.Literal('resync'), fromSeq: Type.Integer({ minimum: 0 }) }),
]);
export type LiveEvent = Static<typeof LiveEvent>;

const check = Compile(LiveEvent);

/** The event in a message body from the bus, or null when it is not JSON or not an event. */
export function parseLiveEvent(body: string | Buffer): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return null;
  }
  return check.Check(value) ? (value as LiveEvent) : null;
}
