// The live side's session sweep (architecture.md#people): every SESSION_SWEEP_MS each instance closes the sockets of
// its sessions that ended without it hearing: a user disabled by `npm run admin` with no RabbitMQ to tell, or a
// signout event lost with the bus. One indexed query per sweep, for the sessions connected here.
import type { Db } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import type { StompBroker } from '../stomp/broker.ts';
import { liveSessions } from '../auth/sessions.ts';

/** How often an instance checks its sockets' sessions: the longest a socket of an ended session stays open. */
const SESSION_SWEEP_MS = 30_000;

export interface SessionSweep {
  /** One sweep now; resolves with the number of sockets it closed. */
  run(): Promise<number>;
  stop(): void;
}

export function sweepEndedSessions(deps: {
  db: Db;
  broker: Pick<StompBroker<AuthUser>, 'users' | 'disconnectWhere'>;
  onError: (err: unknown) => void;
  everyMs?: number;
}): SessionSweep {
  const { db, broker } = deps;
  const run = async (): Promise<number> => {
    const sids = [...new Set(broker.users().map((u) => u.sid))];
    if (sids.length === 0) return 0;
    const live = new Set(await liveSessions(db, sids));
    // Only the sids asked about: a socket that signed on meanwhile waits for the next sweep.
    const asked = new Set(sids);
    return broker.disconnectWhere((u) => asked.has(u.sid) && !live.has(u.sid), 401, 'Signed out');
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    run()
      .catch(deps.onError)
      .finally(() => (busy = false));
  }, deps.everyMs ?? SESSION_SWEEP_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
