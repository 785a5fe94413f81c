// Failed sign-on attempts, counted per user ID and per address over a sliding window: past the limit, sign-on
// answers 429 with Retry-After until the oldest failure leaves the window. A success clears the user's count. Kept in
// this process's memory (one instance; a shared store is for several, issue of the cluster).
export interface AttemptLimits {
  /** Failures of one user ID within the window. */
  perUser: number;
  /** Failures from one address within the window (an office or a ship shares one). */
  perAddress: number;
  windowMs: number;
}

const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = { perUser: 5, perAddress: 30, windowMs: 15 * 60_000 };

export interface SignOnAttempts {
  /** Seconds to wait before another try, or 0 when one may be made now. */
  retryAfterS(usrId: string, address: string): number;
  failed(usrId: string, address: string): void;
  succeeded(usrId: string): void;
}

export function signOnAttempts(
  limits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS,
  now: () => number = Date.now,
): SignOnAttempts {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const since = now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length > 0) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  const waitFor = (key: string, limit: number): number => {
    const times = recent(key);
    if (times.length < limit) return 0;
    const oldest = times[times.length - limit] ?? now();
    return Math.max(1, Math.ceil((oldest + limits.windowMs - now()) / 1000));
  };
  const userKey = (usrId: string) => `u:${usrId.trim().toLowerCase()}`;
  return {
    retryAfterS: (usrId, address) =>
      Math.max(waitFor(userKey(usrId), limits.perUser), waitFor(`a:${address}`, limits.perAddress)),
    failed(usrId, address) {
      for (const key of [userKey(usrId), `a:${address}`]) failures.set(key, [...recent(key), now()]);
    },
    succeeded(usrId) {
      failures.delete(userKey(usrId));
    },
  };
}
