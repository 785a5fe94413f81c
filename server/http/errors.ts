// Typed HTTP errors named after product.md#errors's catalogue, and the one error handler that shapes every error body.
import { NO_NUL_PATTERN } from '../../src/core/contract/text.ts';
import type { FastifyError, FastifyInstance } from 'fastify';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'ValidationError', message);
export const unauthenticated = (message = 'Authentication failed') =>
  new HttpError(401, 'AuthenticationError', message);
export const invalidToken = (message = 'Credentials are not valid') =>
  new HttpError(401, 'JsonWebTokenError', message);
export const forbidden = (message = 'You do not have permission') =>
  new HttpError(403, 'ForbiddenError', message);
export const notFound = (message: string) => new HttpError(404, 'NotFoundError', message);

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, name: string, message: string) {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', name, message };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.name, err.message));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const where = fe.validationContext ?? 'request';
      const field = first?.instancePath ? `${where}${first.instancePath.replace(/\//g, '.')}` : where;
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
      const pattern = (first?.params as { pattern?: string } | undefined)?.pattern;
      const message = missing
        ? `${field}.${missing} is required`
        : extra
          ? `${field}.${extra} is not allowed`
          : pattern === NO_NUL_PATTERN
            ? `${field} must not contain NUL characters`
            : `${field} ${first?.message ?? 'is invalid'}`;
      return reply.code(400).send(errorBody(400, 'ValidationError', message));
    }
    const status =
      typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply
        .code(500)
        .send(
          errorBody(500, 'UnknownError', 'This is a temporary error. Please try again in a few minutes.'),
        );
    }
    const message =
      fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'Request body is too large'
        : fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
            err instanceof SyntaxError
          ? `Malformed JSON body: ${fe.message}`
          : fe.message;
    return reply
      .code(status)
      .send(errorBody(status, status === 413 ? 'PayloadTooLargeError' : 'ValidationError', message));
  });
}
