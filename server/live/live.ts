// The live connection on the server (architecture.md#live-path), a domain of its own: the STOMP broker at /ws that every
// signed-on user holds, its sign-on and session checks, and the closing on every instance of the sockets of ended
// sessions and of users whose rights changed (sync.md#a-user-whose-rights-change).
// What a destination means belongs to the part that owns it (the sync's hint topic, chat's rooms and SEND): each
// registers with the live connection and is asked about its own destinations only.
import type { Db } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import type { LiveBus } from '../bus/bus.ts';
import { liveSessions, sessionUser, type UserRow } from '../auth/sessions.ts';
import { StompBroker, StompProtocolError, type StompLog, type StompSettings } from '../stomp/broker.ts';
import type { Frame } from '../stomp/frame.ts';
import { header } from '../stomp/frame.ts';

/** A part of the product on the live connection: the destinations it owns and what they mean. */
interface LivePart {
  /** The destinations it owns, as a 404 names them (e.g. `/topic/chat.{roomId}`). */
  readonly names: readonly string[];
  /** Whether the destination is its own (SUBSCRIBE). */
  owns(destination: string): boolean;
  /** May the user subscribe to this destination of its own? Throws a StompProtocolError when not. */
  subscribe(user: AuthUser, destination: string): Promise<void>;
  /** Whether a SEND to the destination is its own. */
  ownsSend?(destination: string): boolean;
  /** A SEND to a destination of its own: resolves when done, with extra RECEIPT headers. */
  send?(user: AuthUser, destination: string, frame: Frame): Promise<[string, string][] | void>;
}

/**
 * The ERROR a socket closes with when its user's type, roles or vessel changed: not 401 (the session is good, no new
 * token is needed) nor 403 (the app would stop connecting). The app syncs, then connects again under its new rights.
 */
const RIGHTS_CHANGED = 'Your access changed: sync, then connect again';
const RIGHTS_CHANGED_STATUS = 409;

/** Whether the user a socket signed on as may still see what the user's row now says it may. */
const sameRights = (user: AuthUser, row: Pick<UserRow, 'usr_tp_cd' | 'usr_role_cd' | 'ofc_id'>): boolean =>
  user.usrTpCd === row.usr_tp_cd && user.usrRoleCd === row.usr_role_cd && user.ofcId === row.ofc_id;

export interface LiveDeps {
  db: Db;
  log: StompLog;
  /** The HTTP guard's check of an X-AUTH-TOKEN: the user (with the token's expiry), or an HttpError 401. */
  authenticate(token: string): Promise<AuthUser>;
  /** A new token for a socket's live session, for its renewal on the socket (stomp/token-renewal.ts). */
  renewToken?(user: AuthUser): Promise<{ token: string; exp: number } | null>;
  /** How live events reach every instance's sockets (this one's at once). */
  bus: LiveBus;
  settings?: Partial<StompSettings>;
}

export interface Live {
  readonly broker: StompBroker<AuthUser>;
  /** Adds a part; its destinations may be subscribed to (and sent to) from now on. */
  register(part: LivePart): void;
  /** After commit: the sessions ended (sign-out); their sockets close on every instance. */
  sessionsEnded(sids: readonly string[]): void;
  /**
   * After commit: these users' rights changed; their sockets close on every instance, because a socket keeps the user
   * as it signed on and STOMP cannot end one subscription from the server's side.
   */
  usersChanged(usrIds: readonly string[]): void;
  /** Closes the sockets of ended sessions and changed users it did not hear of; answers how many. */
  checkSockets(): Promise<number>;
  /** Closes every connection. */
  close(): Promise<void>;
}

export function createLive(deps: LiveDeps): Live {
  const { db, log } = deps;
  const parts: LivePart[] = [];

  const broker = new StompBroker<AuthUser>({
    log,
    ...(deps.settings ? { settings: deps.settings } : {}),
    hooks: {
      async authenticate(token) {
        if (!token)
          throw new StompProtocolError(
            401,
            'Authentication failed: the X-AUTH-TOKEN (or passcode) header is missing',
          );
        // Every signed-on user holds the live connection; each part checks its own rights per destination.
        return deps.authenticate(token);
      },
      ...(deps.renewToken ? { renewToken: deps.renewToken } : {}),
      async revalidate(user) {
        const row = await sessionUser(db, user.sid);
        if (!row || row.usr_id !== user.usrId)
          throw new StompProtocolError(401, 'Authentication failed: the session has ended');
        // Every SUBSCRIBE and SEND is judged under the user's rights of now, even before the bus's word arrives.
        if (!sameRights(user, row)) throw new StompProtocolError(RIGHTS_CHANGED_STATUS, RIGHTS_CHANGED);
      },
      async subscribe(user, destination) {
        const part = parts.find((p) => p.owns(destination));
        if (part) return part.subscribe(user, destination);
        throw new StompProtocolError(
          404,
          `no such destination ${destination.slice(0, 100)}: subscribe to ${parts.flatMap((p) => p.names).join(', ')}`,
        );
      },
      async send(user, destination, frame) {
        const part = parts.find((p) => p.ownsSend?.(destination));
        if (part?.send) return part.send(user, destination, frame);
        const sendable = parts
          .filter((p) => p.send)
          .flatMap((p) => p.names.filter((n) => n.startsWith('/app/')));
        throw new StompProtocolError(
          destination.startsWith('/topic/') ? 403 : 404,
          `SEND goes to ${sendable.join(', ')} only, not ${destination.slice(0, 100)}`,
          header(frame, 'receipt'),
        );
      },
    },
  });

  /**
   * Closes the sockets of sessions that ended, and of users whose rights changed, that this instance did not hear of:
   * a lost link to RabbitMQ, or `npm run admin` with no RabbitMQ to tell (the session sweep runs it). Answers how many
   * it closed.
   */
  const checkSockets = async (): Promise<number> => {
    const users = broker.users();
    const sids = [...new Set(users.map((u) => u.sid))];
    if (sids.length === 0) return 0;
    const live = new Set(await liveSessions(db, sids));
    // Only the sids asked about: a socket that signed on meanwhile waits for the next check.
    const asked = new Set(sids);
    const ended = broker.disconnectWhere((u) => asked.has(u.sid) && !live.has(u.sid), 401, 'Signed out');
    const rows = await db.query<UserRow>(
      'SELECT usr_id, usr_tp_cd, usr_role_cd, ofc_id FROM users WHERE usr_id = ANY($1::text[])',
      [[...new Set(users.map((u) => u.usrId))]],
    );
    const now = new Map(rows.map((r) => [r.usr_id, r]));
    const changed = broker.disconnectWhere(
      (u) => {
        const row = now.get(u.usrId);
        return row !== undefined && !sameRights(u, row);
      },
      RIGHTS_CHANGED_STATUS,
      RIGHTS_CHANGED,
    );
    return ended + changed;
  };

  deps.bus.onEvent((event) => {
    if (event.t === 'signout') {
      const ended = new Set(event.sids);
      broker.disconnectWhere((u) => ended.has(u.sid), 401, 'Signed out');
    }
    if (event.t === 'userChanged') {
      const changed = new Set(event.usrIds);
      broker.disconnectWhere((u) => changed.has(u.usrId), RIGHTS_CHANGED_STATUS, RIGHTS_CHANGED);
    }
    if (event.t === 'resync')
      void checkSockets().catch((err: unknown) =>
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'live: session check failed'),
      );
  });

  return {
    broker,
    register: (part) => void parts.push(part),
    sessionsEnded(sids) {
      if (sids.length > 0) deps.bus.publish({ t: 'signout', sids: [...sids] });
    },
    usersChanged(usrIds) {
      if (usrIds.length > 0) deps.bus.publish({ t: 'userChanged', usrIds: [...new Set(usrIds)] });
    },
    checkSockets,
    close: () => broker.close(),
  };
}
