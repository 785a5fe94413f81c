// The typed errors of the HTTP client (product.md#errors): what a failed call throws, and by its `name` what the
// window shows. A leaf, so that the window can make one (VesselGate's refusal) without loading the client.
import type { ErrorName } from '../../core/errors.ts';

/** Base of the typed errors; `name` is what crosses Comlink to the window (with `message`). */
export class RequestError extends Error {
  override name: ErrorName = 'UnknownError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
export class UnknownError extends RequestError {}
export class AuthenticationError extends RequestError {
  override name = 'AuthenticationError' as const;
}
export class JsonWebTokenError extends RequestError {
  override name = 'JsonWebTokenError' as const;
}
export class ForbiddenError extends RequestError {
  override name = 'ForbiddenError' as const;
}
export class TimeoutError extends RequestError {
  override name = 'TimeoutError' as const;
}
