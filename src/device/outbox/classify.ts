// Rule 3 of architecture.md#retry-or-refusal: what a failed send means (keep and retry later, signed out, or refused for good), and how
// long a kept operation waits before it is tried again.
import { AuthenticationError, JsonWebTokenError, RequestError, TimeoutError } from '../net/http.ts';
import type { OpAnswer } from './answer.ts';
import type { OpError } from './types.ts';

const DEFAULT_BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** What became of one operation this run. */
export type Outcome =
  | { type: 'applied'; answer: OpAnswer }
  | { type: 'refused'; message: string; status?: number | undefined }
  | { type: 'retry'; error: OpError }
  | { type: 'signedOut'; error: OpError };

const opError = (err: unknown): OpError =>
  err instanceof Error
    ? { name: err.name, message: err.message, status: err instanceof RequestError ? err.status : undefined }
    : { name: 'UnknownError', message: String(err) };

/**
 * Rule 3. No network (no status), timeout, 5xx, 408 and 429: keep and retry later. 401 reaches here only after
 * the ApiClient refreshed once and the retry failed too: signed out, keep everything. Any other 4xx: refused for good.
 */
export function classify(err: unknown): Outcome {
  const error = opError(err);
  if (err instanceof AuthenticationError || err instanceof JsonWebTokenError)
    return { type: 'signedOut', error };
  if (err instanceof TimeoutError) return { type: 'retry', error };
  if (err instanceof RequestError) {
    const s = err.status;
    if (s === undefined || s >= 500 || s === 429 || s === 408 || s < 400) return { type: 'retry', error };
    return { type: 'refused', message: err.message, status: s };
  }
  return { type: 'retry', error };
}

/** A 2xx answer: applied, unless it says success:false (e.g. ack: "Already acknowledged by …"), which a repeat would
 * answer the same (idempotency): refused for good, with the server's message. */
export function outcomeOfAnswer(answer: OpAnswer): Outcome {
  if (!answer.success) return { type: 'refused', message: answer.msg || 'The server refused the change.' };
  return { type: 'applied', answer };
}

/** Exponential backoff with jitter: half the step fixed, half random, capped. */
export function backoffMs(
  attempts: number,
  backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
