// The DCSA calls' refusals in the standard's ErrorResponse body: which request, the status and its reason, a message,
// and one DetailedError that names the parameter and the value at fault. Quay's own error codes (7000-9999, the
// implementer's range) are listed in integration.md#what-is-refused-and-why.
import { HttpError } from '../http/errors.ts';
import type { DetailedError, ErrorResponse } from './ovs-schemas.ts';

/** A refusal with what the standard's DetailedError says of it. */
export class DcsaError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly detail: DetailedError,
    /** Seconds to wait, sent as Retry-After (a 429). */
    readonly retryAfterS?: number,
  ) {
    super(statusCode, 'DcsaError', message);
  }
}

/** A query parameter that cannot be taken: 7001 by default, 7002 for a cursor. */
export const queryError = (property: string, value: string, message: string, errorCode = 7001): DcsaError =>
  new DcsaError(400, message, {
    errorCode,
    property,
    value: value.slice(0, 500),
    errorCodeText: 'invalidQuery',
    erorCodeMessage: message.slice(0, 200),
  });

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The standard's text of each code Quay answers outside a query problem. */
const CODE_TEXT: Record<number, [number, string]> = {
  401: [7003, 'unauthorized'],
  403: [7004, 'forbidden'],
  429: [7005, 'tooManyRequests'],
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTION', 'PATCH'] as const;

export interface ErrorRequest {
  method: string;
  url: string;
  id: string;
}

/** The body of a refusal; `detail` when the refusal has one, else one made from the status and the message. */
export function errorResponse(
  req: ErrorRequest,
  statusCode: number,
  message: string,
  detail?: DetailedError,
): ErrorResponse {
  const [errorCode, errorCodeText] = CODE_TEXT[statusCode] ?? [
    statusCode >= 500 ? 7999 : 7001,
    'invalidRequest',
  ];
  const method = METHODS.find((m) => m === req.method.toUpperCase()) ?? 'GET';
  return {
    httpMethod: method,
    requestUri: req.url,
    statusCode,
    statusCodeText: REASONS[statusCode] ?? 'Error',
    statusCodeMessage: message.slice(0, 200),
    providerCorrelationReference: req.id.slice(0, 100),
    errorDateTime: new Date().toISOString(),
    errors: [detail ?? { errorCode, errorCodeText, erorCodeMessage: message.slice(0, 200) }],
  };
}
