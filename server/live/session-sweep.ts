// The live side's session sweep (architecture.md#people): every SESSION_SWEEP_MS each instance closes the sockets of
// sessions that ended, and of users whose rights changed, without it hearing: a change made by `npm run admin` with
// no RabbitMQ to tell, or an event lost with the bus. Two indexed queries per sweep, for the sockets connected here.

/** How often an instance checks its sockets: the longest a socket of an ended session stays open unheard. */
const SESSION_SWEEP_MS = 30_000;

interface SessionSweep {
  /** One sweep now; resolves with the number of sockets it closed. */
  run(): Promise<number>;
  stop(): void;
}

export function sweepEndedSessions(deps: {
  /** The live side's check (Live.checkSockets): closes what it finds, answers how many. */
  check: () => Promise<number>;
  onError: (err: unknown) => void;
  everyMs?: number;
}): SessionSweep {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    deps
      .check()
      .catch(deps.onError)
      .finally(() => (busy = false));
  }, deps.everyMs ?? SESSION_SWEEP_MS);
  timer.unref();
  return { run: deps.check, stop: () => clearInterval(timer) };
}
